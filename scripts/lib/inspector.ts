// The DevTools protocol of the Worker's isolate, through the inspector `wrangler dev` exposes
// (--inspector-port): the bench's CPU meter (cpu-profile.ts) and the export's heap watch (isolate-heap.ts).

export class Inspector {
  private next = 1;
  private pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private constructor(private socket: WebSocket) {
    socket.addEventListener("message", (event) => {
      const text = String(event.data);
      // Events (a heap snapshot's chunks among them, megabytes each) are not waited for: not even parsed.
      if (text.startsWith('{"method"')) return;
      const message = JSON.parse(text) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
    // A runtime that stops answers nothing more: every call still waiting fails instead of hanging.
    socket.addEventListener("close", () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error("The inspector closed."));
      this.pending.clear();
    });
  }

  static connect(port: number): Promise<Inspector> {
    return Inspector.connectTo(`ws://127.0.0.1:${port}/ws`);
  }

  /** An isolate's own DevTools socket (workerd's inspector lists one per isolate: runtime-parts.ts). */
  static async connectTo(url: string): Promise<Inspector> {
    // wrangler's inspector proxy accepts local origins only; Node's WebSocket takes headers as an extension.
    const socket = new WebSocket(url, {
      headers: { Origin: "http://localhost" },
    } as unknown as string[]);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error(`No inspector at ${url}`)), { once: true });
    });
    return new Inspector(socket);
  }

  /** The method's result; fails after `timeoutMs` (a heap snapshot of a large heap takes seconds). */
  send<T>(method: string, params: Record<string, unknown> = {}, timeoutMs = 60_000): Promise<T> {
    const id = this.next++;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`The inspector did not answer ${method} within ${timeoutMs / 1000} s.`));
      }, timeoutMs);
      const settle =
        <V>(then: (value: V) => void) =>
        (value: V) => {
          clearTimeout(timer);
          then(value);
        };
      this.pending.set(id, { resolve: settle(resolve as (value: unknown) => void), reject: settle(reject) });
    });
  }

  close() {
    this.socket.close();
  }
}
