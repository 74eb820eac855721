// The DevTools protocol of the Worker's isolate, through the inspector `wrangler dev` exposes
// (--inspector-port): the bench's CPU meter (cpu-profile.ts) and the export's heap watch (isolate-heap.ts).

export class Inspector {
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
