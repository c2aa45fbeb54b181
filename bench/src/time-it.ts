/** Runs `work` `rounds` times after a warm-up and returns latency percentiles in milliseconds. */
export interface Timing {
  p50: number;
  p95: number;
}

export async function timeIt(rounds: number, work: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < Math.min(50, rounds); i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}
