/**
 * Each shipped dashboard's load (docs/adr/0029-dashboards.md): every panel's aggregate over the last
 * 30 days, as the screen asks them, timed one after the other (the server time of each), `rounds`
 * times. Prints the whole dashboard's p50 (the sum of its panels) and its heaviest panel; the target
 * is the whole dashboard within 300 ms of server time.
 */
import type { BenchEnv } from './bench-setup.ts';
import { fmtMs, median, report, sequential } from './report.ts';
import { getJson } from './time-it.ts';

interface Panel {
  id: string;
  api: string;
  params: Record<string, string>;
  where: { name: string; type: string; value: unknown }[];
  range?: { name: string; type: string };
}

/** The panel's aggregate call over the 30 days before `now`, as the dashboard screen builds it. */
function urlOf(panel: Panel, now: Date): string {
  const params = new URLSearchParams(panel.params);
  if (panel.params.bucket) params.set('tz', 'Europe/Madrid');
  const conditions: object[] = panel.where.map((w) => ({ operation: 'eq', ...w }));
  if (panel.range) {
    const from = new Date(now.getTime() - 30 * 86_400_000).toISOString();
    conditions.push({ operation: 'gte', ...panel.range, value: from });
    conditions.push({ operation: 'lt', ...panel.range, value: now.toISOString() });
  }
  if (conditions.length === 1) params.set('filters', JSON.stringify(conditions[0]));
  if (conditions.length > 1) params.set('filters', JSON.stringify({ and: conditions }));
  return `${panel.api}/aggregate?${params}`;
}

export async function dashboardBenchmarks(env: BenchEnv, rounds: number): Promise<void> {
  const dashboards = (await getJson(`${env.base}/api/dashboards`, env.headers)) as {
    id: string;
    panels: Panel[];
  }[];
  const now = new Date();
  for (const dashboard of dashboards) {
    const perPanel = new Map<string, number[]>();
    const totals = await sequential(rounds, async () => {
      for (const panel of dashboard.panels) {
        const started = performance.now();
        await getJson(`${env.base}${urlOf(panel, now)}`, env.headers);
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
