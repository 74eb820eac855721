// The Worker isolate's V8 heap, read through the inspector while something runs: the memory a Worker's
// own code takes (its objects and the bytes of its ArrayBuffers), apart from the runtime around it
// (locally, workerd also runs the emulated D1 and R2). `npm run export -- --measure` reports it.
import { Transform } from "node:stream";
import { Inspector } from "./inspector";

const EVERY_MS = 50;
const round = (mb: number) => Math.round(mb * 10) / 10;

/**
 * Starts reading the isolate's used heap every 50 ms. `stop()` ends it and gives, in MB, what is reachable
 * before, the peak (garbage included: V8 collects late while memory is plentiful), and what is reachable
 * after; `reachableMb()` reads what is reachable meanwhile.
 */
export async function watchIsolateHeap(inspectorPort: number) {
  const inspector = await Inspector.connect(inspectorPort);
  // The JavaScript heap and the ArrayBuffers' bytes, which V8 keeps outside it (a chunk of an image).
  const usedMb = async () => {
    const heap = await inspector.send<{ usedSize: number; backingStorageSize?: number }>("Runtime.getHeapUsage");
    return (heap.usedSize + (heap.backingStorageSize ?? 0)) / 1e6;
  };
  // V8 collects all garbage before a heap snapshot (workerd's inspector does not answer
  // HeapProfiler.collectGarbage), so the heap after one is what is still reachable.
  const reachableMb = async () => {
    await inspector.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
    return usedMb();
  };
  const before = await reachableMb();
  let peak = before;
  let watching = true;
  const watch = (async () => {
    while (watching) {
      peak = Math.max(peak, await usedMb());
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
  })();
  return {
    reachableMb: async () => round(await reachableMb()),
    async stop(): Promise<{ beforeMb: number; peakMb: number; afterMb: number }> {
      watching = false;
      try {
        await watch;
        const peakSeen = Math.max(peak, await usedMb());
        return { beforeMb: round(before), peakMb: round(peakSeen), afterMb: round(await reachableMb()) };
      } finally {
        inspector.close();
      }
    },
  };
}

export type IsolateHeap = Awaited<ReturnType<typeof watchIsolateHeap>>;

/**
 * A pass-through for a download of `length` bytes that has what the Worker holds read once half of them
 * have gone by: the Worker's own memory while it works, garbage collected first.
 */
export function halfwayReading(length: number, heap: IsolateHeap) {
  let seen = 0;
  let reading: Promise<number> | undefined;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.byteLength;
      if (!reading && seen >= length / 2) reading = heap.reachableMb();
      done(null, chunk);
    },
  });
  return { counter, midwayMb: () => reading ?? heap.reachableMb() };
}
