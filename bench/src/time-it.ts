/**
 * Latency sampling and the one-line report every benchmark prints. The two sides of a comparison
 * are measured interleaved (a, b, a, b, …) so that load from elsewhere on the machine falls on
 * both alike and the ratio stays fair.
 */
interface Timing {
  p50: number;
  p95: number;
}

const percentiles = (samples: number[]): Timing => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
};

async function sample(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function timePair(
  rounds: number,
  ours: () => Promise<unknown>,
  other: () => Promise<unknown>,
): Promise<[Timing, Timing]> {
  // Warm both sides alike: JIT, connection pools and PostgreSQL's caches settle over the first ~100 calls.
  for (let i = 0; i < Math.min(100, rounds); i++) {
    await ours();
    await other();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < rounds; i++) {
    a.push(await sample(ours));
    b.push(await sample(other));
  }
  return [percentiles(a), percentiles(b)];
}

export async function compare(
  name: string,
  rounds: number,
  ours: () => Promise<unknown>,
  other: () => Promise<unknown>,
): Promise<void> {
  const [a, b] = await timePair(rounds, ours, other);
  console.log(
    `${name}: ours p50 ${a.p50.toFixed(2)} ms (p95 ${a.p95.toFixed(2)}), ` +
      `other p50 ${b.p50.toFixed(2)} ms (p95 ${b.p95.toFixed(2)}), ratio ${(a.p50 / b.p50).toFixed(2)}x`,
  );
}

/**
 * GET a JSON answer, refusing anything but 2xx: a benchmark of error answers (a token refused, a
 * rate limit) would time the refusal and report a ratio that means nothing.
 */
export async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}
