/**
 * The demo pages are written in the language their code says: a German page's title, description
 * and text are German, and so on for each of the six languages.
 */
import { beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

/** Words each language's pages use and no other language's do. */
const MARKERS: Readonly<Record<string, RegExp>> = {
  en: /compare prices/,
  de: /Preise vergleichen/,
  fr: /comparez les prix/,
  es: /compara precios/,
  it: /confronta i prezzi/,
  nl: /vergelijk prijzen/,
};

it('every seeded page is titled, described and written in its own language', async () => {
  const { rows } = await database.db.query<{ language: string; title: string; description: string }>(
    `SELECT language_code AS language, title, meta_description AS description FROM pages
      WHERE updated_by LIKE '%@bmtools.local'`,
  );
  expect(new Set(rows.map((r) => r.language))).toEqual(new Set(Object.keys(MARKERS)));
  const wrong = rows.filter((r) => {
    const own = MARKERS[r.language];
    const others = Object.entries(MARKERS).filter(([language]) => language !== r.language);
    return !own?.test(r.title) || others.some(([, marker]) => marker.test(r.title));
  });
  expect(wrong.slice(0, 5)).toEqual([]);
  const german = rows.find((r) => r.language === 'de');
  expect(german?.description).toMatch(/^Vergleichen Sie Angebote für /);
});
