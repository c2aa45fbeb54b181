/**
 * Demo translations: every translation of resources/texts.ts, by the agency translator of its
 * language. Most are published; a deterministic few are drafts or in review, and the newest texts
 * are not published anywhere yet. Languages a text leaves out have no row: those are the gaps.
 * Runs only on an empty table, after the resources' demo.
 */
import type { Queryable } from '../manifest.ts';
import { DEMO_TEXTS, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../resources/texts.ts';

const TRANSLATORS: Record<TranslatedLanguage, string> = {
  de: 'Katrin Vogel',
  es: 'Lucía Martín',
  fr: 'Camille Dubois',
  it: 'Giulia Rossi',
  nl: 'Sanne de Vries',
  pt: 'Inês Carvalho',
};

/** Texts added this season: their translations are still being written or checked. */
const NEW_TEXTS = new Set(['results.badge.electric', 'email.reviewRequest.subject', 'errors.sessionExpired']);

function statusOf(key: string, textIndex: number, languageIndex: number): string {
  if (NEW_TEXTS.has(key)) return languageIndex % 2 === 0 ? 'review' : 'draft';
  if ((textIndex * 7 + languageIndex * 3) % 17 === 0) return 'draft';
  if ((textIndex * 5 + languageIndex) % 19 === 0) return 'review';
  return 'published';
}

export async function seedTranslationResources(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM translation_resources');
  if ((rows[0]?.n ?? 0) > 0) return;
  const keys: string[] = [];
  const languages: string[] = [];
  const texts: string[] = [];
  const statuses: string[] = [];
  const translators: string[] = [];
  DEMO_TEXTS.forEach((demo, textIndex) => {
    TRANSLATED_LANGUAGES.forEach((language, languageIndex) => {
      const text = demo.translations[language];
      if (text === undefined) return;
      keys.push(demo.key);
      languages.push(language);
      texts.push(text);
      statuses.push(statusOf(demo.key, textIndex, languageIndex));
      translators.push(TRANSLATORS[language]);
    });
  });
  await db.query(
    `INSERT INTO translation_resources (resource_id, language_code, text, status, translated_by, created_at,
                                        created_by, updated_at, updated_by)
     SELECT r.id, d.language, d.text, d.status, d.translator,
            r.created_at + interval '2 days',
            'editor@bmtools.local',
            r.updated_at + ((d.n % 40) * interval '1 day') + ((d.n % 9) * interval '1 hour'),
            CASE WHEN d.n % 5 = 0 THEN 'admin@bmtools.local' ELSE 'editor@bmtools.local' END
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY
            AS d(key, language, text, status, translator, n)
       JOIN resources r ON r.key = d.key`,
    [keys, languages, texts, statuses, translators],
  );
}
