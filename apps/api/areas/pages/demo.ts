/**
 * Demo SEO pages: deterministic (fixed seed), realistic names, URLs, languages and statuses.
 * Runs only on an empty table.
 */
import type { Queryable } from '../manifest.ts';

const CITIES = [
  'Barcelona',
  'Lisbon',
  'Munich',
  'Nice',
  'Rome',
  'Amsterdam',
  'Dublin',
  'Malaga',
  'Porto',
  'Vienna',
  'Zurich',
  'Prague',
  'Athens',
  'Palma',
  'Faro',
  'Berlin',
  'Paris',
  'Milan',
  'Madrid',
  'Seville',
];
const TOPICS = [
  'Car hire',
  'Airport car rental',
  'Cheap car rental',
  'Luxury car hire',
  'Van rental',
  'One-way car hire',
  'Electric car rental',
  'SUV hire',
];
const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl'];

export async function seedPages(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pages');
  if ((rows[0]?.n ?? 0) > 0) return;
  await db.query(
    `WITH combos AS (
       SELECT c.city, t.topic, row_number() OVER () AS n
         FROM unnest($1::text[]) AS c(city) CROSS JOIN unnest($2::text[]) AS t(topic)
     )
     INSERT INTO pages (name, url, title, language_code, meta_description, content_html, status, is_active,
                        priority, published_at, updated_at, updated_by)
     SELECT topic || ' ' || city,
            '/' || lower(replace(topic, ' ', '-')) || '/' || lower(city),
            topic || ' in ' || city || ' – compare prices',
            ($3::text[])[1 + (n % 6)],
            'Compare ' || lower(topic) || ' deals in ' || city || ' from trusted suppliers.',
            '<h1>' || topic || ' in ' || city || '</h1><p>Find the best ' || lower(topic) || ' offers in ' || city || '.</p>',
            CASE WHEN n % 7 = 0 THEN 'archived' WHEN n % 3 = 0 THEN 'draft' ELSE 'published' END,
            n % 11 <> 0,
            (n % 10)::int,
            CASE WHEN n % 3 = 0 THEN NULL ELSE timestamptz '2026-01-01' + (n || ' hours')::interval * 7 END,
            timestamptz '2026-06-01' + (n || ' hours')::interval * 5,
            (ARRAY['editor@bmtools.local', 'admin@bmtools.local'])[1 + (n % 2)]
       FROM combos`,
    [CITIES, TOPICS, LANGUAGES],
  );
}
