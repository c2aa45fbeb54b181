/** Demo interceptions. Runs only on an empty table. */
import type { Queryable } from '../manifest.ts';

export async function seedInterceptions(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM interceptions');
  if ((rows[0]?.n ?? 0) > 0) return;
  await db.query(
    `INSERT INTO interceptions (name, pattern, script, config, styles, description, priority, status, updated_by) VALUES
       ('Airport upsell banner', '/car-hire/*-airport', 'document.body.classList.add(''upsell'');', '{"variant": "b"}',
        '.upsell .banner { display: block; }', 'Shows the full-insurance banner on airport pages', 5, 'published',
        'admin@bmtools.local'),
       ('Exit survey', '/checkout/*', 'window.bmSurvey?.open();', '{"questions": 3}', '',
        'Asks why a booking was abandoned', 3, 'draft', 'editor@bmtools.local'),
       ('Winter tyres notice', '/car-hire/munich', '', '{"months": [11, 12, 1, 2]}', '.notice { color: #1c7ed6; }',
        'Explains winter tyre rules in Germany', 1, 'draft', 'editor@bmtools.local')`,
  );
}
