/**
 * Each shipped dashboard's load (docs/adr/0029-dashboards.md): every panel's aggregate over the last
 * 30 days, as the screen asks them, timed one after the other (the server time of each), `rounds`
 * times. Prints the whole dashboard's p50 (the sum of its panels) and its heaviest panel; the target
 * is the whole dashboard within 300 ms of server time.
 */
import { type Dashboard, panelAggregateUrl } from '@bm/contracts';
import type { BenchEnv } from './bench-setup.ts';
import { fmtMs, median, report, sequential } from './report.ts';
import { getJson } from './time-it.ts';

export async function dashboardBenchmarks(env: BenchEnv, rounds: number): Promise<void> {
  const dashboards = (await getJson(`${env.base}/api/dashboards`, env.headers)) as Dashboard[];
  const now = new Date();
  const window = { from: new Date(now.getTime() - 30 * 86_400_000), to: now };
  for (const dashboard of dashboards) {
    const perPanel = new Map<string, number[]>();
    const totals = await sequential(rounds, async () => {
      for (const panel of dashboard.panels) {
        const started = performance.now();
        await getJson(`${env.base}${panelAggregateUrl(panel, 'Europe/Madrid', window)}`, env.headers);
        perPanel.set(panel.id, [...(perPanel.get(panel.id) ?? []), performance.now() - started]);
      }
    });
    const [heaviest, samples] = [...perPanel].sort((a, b) => median(b[1]) - median(a[1]))[0] ?? ['—', [0]];
    const total = median(totals);
    report({
      name: `Dashboard ${dashboard.id}: all ${dashboard.panels.length} panels (30 days)`,
      ours: `p50 ${fmtMs(total)}`,
      baseline: `heaviest ${heaviest} p50 ${fmtMs(median(samples))}`,
      ratio: '—',
      target: '≤ 300 ms',
      pass: total <= 300,
    });
  }
}
