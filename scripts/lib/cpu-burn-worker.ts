// A Worker that does nothing but compute `?n=` steps of a loop: known CPU work for checking the CPU
// meter against the thread's own CPU time (scripts/bench-meter.ts).
export default {
  async fetch(request: Request) {
    const steps = Number(new URL(request.url).searchParams.get("n") ?? 0);
    let value = 0;
    for (let i = 0; i < steps; i++) value = (value * 31 + i) % 1000003;
    return new Response(String(value));
  },
};
