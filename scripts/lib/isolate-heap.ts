// The Worker isolate's V8 heap, read through the inspector while something runs: the memory a Worker's
// own code takes (its objects and the bytes of its ArrayBuffers), apart from the runtime around it
// (locally, workerd also runs the emulated D1 and R2).
import { Inspector } from "./inspector";

const EVERY_MS = 50;

/**
 * Starts reading the isolate's used heap every 50 ms. `stop()` ends it and gives, in MB, the heap before,
 * its peak (garbage included: V8 collects late while memory is plentiful), and what is still reachable
 * after; `reachableMb()` reads what is reachable meanwhile.
 */
export async function watchIsolateHeap(inspectorPort: number) {
  const inspector = await Inspector.connect(inspectorPort);
  // The JavaScript heap and the ArrayBuffers' bytes, which V8 keeps outside it (a chunk of an image).
  const usedMb = async () => {
    const heap = await inspector.send<{ usedSize: number; backingStorageSize?: number }>("Runtime.getHeapUsage");
    return (heap.usedSize + (heap.backingStorageSize ?? 0)) / 1e6;
  };
  const before = await usedMb();
  let peak = before;
  let watching = true;
  const watch = (async () => {
    while (watching) {
      peak = Math.max(peak, await usedMb());
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
  })();
  // V8 collects all garbage before a heap snapshot (workerd's inspector does not answer
  // HeapProfiler.collectGarbage), so the heap after one is what is still reachable.
  const reachableMb = async () => {
    await inspector.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
    return usedMb();
  };
  const round = (mb: number) => Math.round(mb * 10) / 10;
  return {
    /** What the Worker holds at this moment, garbage collected first. */
    reachableMb: async () => round(await reachableMb()),
    async stop(): Promise<{ beforeMb: number; peakMb: number; afterMb: number }> {
      watching = false;
      await watch;
      const peakSeen = Math.max(peak, await usedMb());
      const after = await reachableMb();
      inspector.close();
      return { beforeMb: round(before), peakMb: round(peakSeen), afterMb: round(after) };
    },
  };
}

export type IsolateHeap = Awaited<ReturnType<typeof watchIsolateHeap>>;
