/**
 * Rights and menu endpoints against the same SQL run directly, and the record journal's cost on a
 * save (docs/adr/0028-record-journal.md).
 */
import pg from 'pg';
import type { BenchEnv } from './bench-setup.ts';
import { fmtMs, fmtRatio, median, paired, quantile, report } from './report.ts';
import { compare, getJson } from './time-it.ts';

const RIGHTS_SQL = 'SELECT right_name FROM user_rights WHERE email = $1 ORDER BY right_name';

export async function platformBenchmarks(env: BenchEnv, rounds: number): Promise<void> {
  const headers = env.headers;
  const direct = new pg.Pool({ connectionString: env.databaseUrl, max: 1 });
  await compare(
    'GET /api/userRights vs its SQL run directly',
    rounds,
    () => getJson(`${env.base}/api/userRights`, headers),
    () => direct.query(RIGHTS_SQL, ['admin@bmtools.local']),
  );
  await compare(
    'GET /api/menu/json/1 vs rights + menu SQL run directly',
    rounds,
    () => getJson(`${env.base}/api/menu/json/1`, headers),
    async () => {
      await direct.query(RIGHTS_SQL, ['admin@bmtools.local']);
      await direct.query('SELECT id, name, content FROM menus WHERE id = 1');
    },
  );
  await journalSaveCost(env, rounds, direct);
  await direct.end();
}

/**
 * A page's save (`PUT /api/pages/:id`, one field changed) with the record journal against the same
 * save with the pages table's journal trigger disabled. Each arm switches the trigger before its
 * saves, outside the timing; the row version is read outside it too. The baseline still names the
 * actor for the transaction (the write path's one extra query), so the ratio is the trigger's cost.
 */
async function journalSaveCost(env: BenchEnv, rounds: number, direct: pg.Pool): Promise<void> {
  const { rows } = await direct.query<{ id: number }>('SELECT min(id) AS id FROM pages');
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the bench database has no page');
  let n = 0;
  const save = async (): Promise<number> => {
    const { rows: version } = await direct.query<{ v: number }>(
      'SELECT row_version AS v FROM pages WHERE id = $1',
      [id],
    );
    const start = performance.now();
    const response = await fetch(`${env.base}/api/pages/${id}`, {
      method: 'PUT',
      headers: { ...env.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        values: [
          { mapkey: 'title', value: `Bench title ${n++}` },
          { mapkey: 'rowVersion', value: version[0]?.v },
        ],
      }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`PUT /api/pages/${id}: ${response.status} ${text.slice(0, 200)}`);
    return performance.now() - start;
  };
  const arm = (journal: boolean) => async (): Promise<number> => {
    await direct.query(`ALTER TABLE pages ${journal ? 'ENABLE' : 'DISABLE'} TRIGGER bm_journal_pages`);
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) samples.push(await save());
    return quantile(samples, 0.5);
  };
  try {
    const result = await paired(Number(process.env.BENCH_PAIRS ?? 5), arm(true), arm(false));
    report({
      name: 'PUT /api/pages/:id save with the record journal vs its trigger disabled',
      ours: `p50 ${fmtMs(median(result.ours))}`,
      baseline: `p50 ${fmtMs(median(result.baseline))}`,
      ratio: fmtRatio(result),
      target: 'p50 ≤ 1.2x',
      pass: result.ratio <= 1.2,
    });
  } finally {
    await direct.query('ALTER TABLE pages ENABLE TRIGGER bm_journal_pages');
  }
}
