/**
 * Demo overrides: campaign and market wording on the sites (Christmas in Germany and Italy, Black
 * Friday in Spain and France, the Swiss sites' own title), one of them disabled until marketing
 * signs it off. Runs only on an empty table, after the resources' demo.
 */
import type { Queryable } from '../manifest.ts';

/** Key, language, market, replacement text, from, to, priority, enabled, note. */
type Override = [string, string, string, string, string, string, number, boolean, string | null];

const OVERRIDES: readonly Override[] = [
  [
    'search.form.title',
    'de',
    'DE',
    'Mietwagen für die Feiertage jetzt günstig vergleichen',
    '2026-12-01',
    '2026-12-31',
    60,
    true,
    'Christmas campaign on the German site',
  ],
  [
    'search.form.title',
    'it',
    'IT',
    'Noleggio auto per le feste: confronta i prezzi',
    '2026-12-01',
    '2027-01-06',
    60,
    true,
    'Christmas campaign, until Epiphany',
  ],
  [
    'search.form.title',
    'nl',
    'NL',
    'Vergelijk autohuur voor je zomervakantie',
    '2026-05-15',
    '2026-08-31',
    50,
    true,
    'Summer holiday campaign',
  ],
  [
    'search.form.title',
    'de',
    'www.example.ch',
    'Mietwagen in der Schweiz und ganz Europa vergleichen',
    '2026-01-01',
    '2026-12-31',
    40,
    true,
    'Swiss site: no ß, and the Swiss market first',
  ],
  [
    'search.form.title',
    'fr',
    'fr.example.ch',
    "Comparez les locations de voitures en Suisse et dans toute l'Europe",
    '2026-01-01',
    '2026-12-31',
    40,
    true,
    'Swiss French site',
  ],
  [
    'search.usp.freeCancellation',
    'de',
    'AT',
    'Kostenlose Stornierung bis 48 Stunden vor Abholung',
    '2026-11-20',
    '2027-01-10',
    50,
    true,
    'Winter terms agreed with the Austrian suppliers',
  ],
  [
    'results.badge.bestPrice',
    'es',
    'ES',
    'Oferta Black Friday',
    '2026-11-27',
    '2026-11-30',
    80,
    true,
    'Black Friday weekend',
  ],
  [
    'results.badge.bestPrice',
    'fr',
    'FR',
    'Prix Black Friday',
    '2026-11-27',
    '2026-11-30',
    80,
    true,
    'Black Friday weekend',
  ],
  [
    'checkout.summary.payNow',
    'it',
    'IT',
    'Paga ora e risparmia',
    '2026-06-01',
    '2026-09-15',
    50,
    true,
    'Prepaid rates test in summer',
  ],
  [
    'search.usp.support',
    'pt',
    'PT',
    'Apoio ao cliente em português, 7 dias por semana',
    '2026-03-01',
    '2026-12-31',
    50,
    true,
    null,
  ],
  [
    'offer.pickup.shuttle',
    'es',
    'www.example.es',
    'Autobús lanzadera gratuito cada 10 minutos desde la terminal',
    '2026-04-01',
    '2026-10-31',
    50,
    true,
    'Summer timetable of the Málaga shuttles',
  ],
  [
    'email.confirmation.subject',
    'de',
    'DE',
    'Gute Fahrt! Ihre Mietwagenbuchung {reference} ist bestätigt',
    '2026-12-15',
    '2027-01-06',
    50,
    false,
    'Waiting for sign-off from marketing',
  ],
  [
    'results.empty',
    'en',
    'GB',
    'No cars match your filters. Over the bank holiday weekend, try a nearby location.',
    '2026-08-28',
    '2026-08-31',
    50,
    true,
    'August bank holiday',
  ],
];

export async function seedTranslationInterceptions(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM translation_interceptions');
  if ((rows[0]?.n ?? 0) > 0) return;
  const column = <T>(i: number) => OVERRIDES.map((o) => o[i] as T);
  await db.query(
    `INSERT INTO translation_interceptions (resource_id, language_code, market, replacement_text, valid_from,
                                            valid_to, priority, enabled, note, created_by, updated_by)
     SELECT r.id, d.language, d.market, d.text, d.valid_from, d.valid_to, d.priority, d.enabled, d.note,
            'editor@bmtools.local', 'editor@bmtools.local'
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::date[], $6::date[], $7::int[],
                   $8::boolean[], $9::text[]) AS d(key, language, market, text, valid_from, valid_to, priority,
                                                    enabled, note)
       JOIN resources r ON r.key = d.key`,
    [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => column(i)),
  );
}
