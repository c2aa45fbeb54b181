/** Latency sampling and the one-line report every benchmark prints. */
export interface Timing {
  p50: number;
  p95: number;
}

export async function timeIt(rounds: number, work: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < Math.min(20, rounds); i++) await work();
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

export function report(name: string, ours: Timing, other: Timing): void {
  const ratio = ours.p50 / other.p50;
  console.log(
    `${name}: ours p50 ${ours.p50.toFixed(2)} ms (p95 ${ours.p95.toFixed(2)}), ` +
      `other p50 ${other.p50.toFixed(2)} ms (p95 ${other.p95.toFixed(2)}), ratio ${ratio.toFixed(2)}x`,
  );
}
