// CPU time a request costs inside the Worker's isolate, measured as DevTools would: V8's sampling
// profiler, reached through the inspector `wrangler dev` exposes (--inspector-port), runs while the
// requests are sent one after another; the samples not spent idle, divided by the requests, are the CPU
// milliseconds of one. Wall time would also count waiting for D1 and the machine's other work.

type Profile = {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  samples: number[];
  timeDeltas: number[];
};

/** Inspector names for time not spent running the Worker's code or the runtime on its behalf. */
const NOT_WORKING = new Set(["(idle)"]);

class Inspector {
  private next = 1;
  private pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private constructor(private socket: WebSocket) {
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
  }

  static async connect(port: number): Promise<Inspector> {
    // wrangler's inspector proxy accepts local origins only; Node's WebSocket takes headers as an extension.
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers: { Origin: "http://localhost" },
    } as unknown as string[]);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error(`No inspector at port ${port}`)), { once: true });
    });
    return new Inspector(socket);
  }

  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.next++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise<T>((resolve, reject) =>
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject }),
    );
  }

  close() {
    this.socket.close();
  }
}

/** Milliseconds of the profile spent on anything but waiting. */
export function busyMs(profile: Profile): number {
  const name = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
  let micros = 0;
  profile.samples.forEach((node, i) => {
    if (!NOT_WORKING.has(name.get(node) ?? "")) micros += profile.timeDeltas[i] ?? 0;
  });
  return micros / 1000;
}

/** The profile of `send` run `count` times one after another (after one unprofiled run, so compiling is not counted). */
async function profileRequests(
  inspectorPort: number,
  send: () => Promise<void>,
  count: number,
  intervalMicros = 100,
): Promise<Profile> {
  const inspector = await Inspector.connect(inspectorPort);
  try {
    await send();
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: intervalMicros });
    await inspector.send("Profiler.start");
    for (let i = 0; i < count; i++) await send();
    const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
    await inspector.send("Profiler.disable");
    return profile;
  } finally {
    inspector.close();
  }
}

/** CPU milliseconds per request of `send`. */
export async function cpuMsPerRequest(
  inspectorPort: number,
  send: () => Promise<void>,
  count: number,
): Promise<number> {
  const profile = await profileRequests(inspectorPort, send, count);
  return Math.round((busyMs(profile) / count) * 100) / 100;
}

/**
 * Where a request's CPU goes: each function's inclusive milliseconds per request (itself and what it
 * calls), the heaviest first, for `npm run profile`. Names are readable on an unminified bundle.
 */
export async function inclusiveMsByFunction(
  inspectorPort: number,
  send: () => Promise<void>,
  count: number,
): Promise<Array<{ ms: number; name: string }>> {
  const profile = await profileRequests(inspectorPort, send, count);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nameOf = ({ callFrame }: Profile["nodes"][number]) =>
    `${callFrame.functionName || "(anonymous)"} ${callFrame.url.split("/").at(-1)}:${callFrame.lineNumber + 1}`;
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    // A recursive function counts once per sample.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nameOf(byId.get(at)!);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
    }
  });
  return [...inclusive]
    .filter(([name]) => !name.startsWith("(root)") && !name.startsWith("(idle)"))
    .map(([name, micros]) => ({ name, ms: Math.round((micros / 1000 / count) * 100) / 100 }))
    .sort((a, b) => b.ms - a.ms);
}
