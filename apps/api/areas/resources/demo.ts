/**
 * Demo resources: the sites' texts of resources/texts.ts, with their English defaults, written over
 * the past months by two editors. Runs only on an empty table.
 */
import type { Queryable } from '../manifest.ts';
import { DEMO_TEXTS } from './texts.ts';

export async function seedResources(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM resources');
  if ((rows[0]?.n ?? 0) > 0) return;
  await db.query(
    `INSERT INTO resources (key, module, description, default_text, max_length, enabled, created_at, created_by,
                            updated_at, updated_by)
     SELECT d.key, d.module, d.description, d.en, d.max_length,
            -- The last text is retired from the sites: kept, but disabled.
            d.n <> $6,
            timestamptz '2026-01-05 09:00+00' + (d.n * interval '31 hours'),
            CASE WHEN d.n % 3 = 0 THEN 'admin@bmtools.local' ELSE 'editor@bmtools.local' END,
            timestamptz '2026-03-02 10:00+00' + (d.n * interval '29 hours'),
            CASE WHEN d.n % 4 = 0 THEN 'admin@bmtools.local' ELSE 'editor@bmtools.local' END
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[]) WITH ORDINALITY
            AS d(key, module, description, en, max_length, n)`,
    [
      DEMO_TEXTS.map((d) => d.key),
      DEMO_TEXTS.map((d) => d.module),
      DEMO_TEXTS.map((d) => d.description),
      DEMO_TEXTS.map((d) => d.en),
      DEMO_TEXTS.map((d) => d.maxLength),
      DEMO_TEXTS.findIndex((d) => d.key === 'common.currency.label') + 1,
    ],
  );
}
