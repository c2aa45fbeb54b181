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
const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const;
type Language = (typeof LANGUAGES)[number];

/**
 * A page's words in its own language: the topics (in TOPICS' order), the city names where the
 * language has its own, and the title, description and text around them ({t} the topic, {l} the
 * topic within a sentence, {c} the city).
 */
const WORDING: Readonly<
  Record<
    Language,
    {
      topics: readonly string[];
      cities: Readonly<Record<string, string>>;
      title: string;
      description: string;
      content: string;
      /** The topic within a sentence: lower-cased where the language does so. */
      lowerTopic: boolean;
    }
  >
> = {
  en: {
    topics: TOPICS,
    cities: {},
    title: '{t} in {c} – compare prices',
    description: 'Compare {l} deals in {c} from trusted suppliers.',
    content: '<h1>{t} in {c}</h1><p>Find the best {l} offers in {c}.</p>',
    lowerTopic: true,
  },
  de: {
    topics: [
      'Mietwagen',
      'Mietwagen am Flughafen',
      'Günstige Mietwagen',
      'Luxus-Mietwagen',
      'Transporter mieten',
      'Einwegmiete',
      'Elektroauto mieten',
      'SUV mieten',
    ],
    cities: {
      Lisbon: 'Lissabon',
      Munich: 'München',
      Rome: 'Rom',
      Vienna: 'Wien',
      Zurich: 'Zürich',
      Prague: 'Prag',
      Athens: 'Athen',
      Milan: 'Mailand',
      Seville: 'Sevilla',
      Malaga: 'Málaga',
    },
    title: '{t} in {c} – Preise vergleichen',
    description: 'Vergleichen Sie Angebote für {l} in {c} von geprüften Anbietern.',
    content: '<h1>{t} in {c}</h1><p>Finden Sie die besten Angebote für {l} in {c}.</p>',
    lowerTopic: false,
  },
  fr: {
    topics: [
      'Location de voiture',
      "Location de voiture à l'aéroport",
      'Location de voiture pas chère',
      'Location de voiture de luxe',
      "Location d'utilitaire",
      'Location de voiture aller simple',
      'Location de voiture électrique',
      'Location de SUV',
    ],
    cities: {
      Barcelona: 'Barcelone',
      Lisbon: 'Lisbonne',
      Vienna: 'Vienne',
      Athens: 'Athènes',
      Seville: 'Séville',
    },
    title: '{t} à {c} – comparez les prix',
    description: 'Comparez les offres de {l} à {c} auprès de loueurs de confiance.',
    content: '<h1>{t} à {c}</h1><p>Trouvez les meilleures offres de {l} à {c}.</p>',
    lowerTopic: true,
  },
  es: {
    topics: [
      'Alquiler de coches',
      'Alquiler de coches en el aeropuerto',
      'Alquiler de coches barato',
      'Alquiler de coches de lujo',
      'Alquiler de furgonetas',
      'Alquiler de coches solo ida',
      'Alquiler de coches eléctricos',
      'Alquiler de SUV',
    ],
    cities: {
      Lisbon: 'Lisboa',
      Munich: 'Múnich',
      Nice: 'Niza',
      Rome: 'Roma',
      Amsterdam: 'Ámsterdam',
      Vienna: 'Viena',
      Zurich: 'Zúrich',
      Prague: 'Praga',
      Athens: 'Atenas',
      Berlin: 'Berlín',
      Paris: 'París',
      Milan: 'Milán',
      Seville: 'Sevilla',
      Malaga: 'Málaga',
    },
    title: '{t} en {c} – compara precios',
    description: 'Compara ofertas de {l} en {c} de proveedores de confianza.',
    content: '<h1>{t} en {c}</h1><p>Encuentra las mejores ofertas de {l} en {c}.</p>',
    lowerTopic: true,
  },
  it: {
    topics: [
      'Noleggio auto',
      'Noleggio auto in aeroporto',
      'Noleggio auto economico',
      'Noleggio auto di lusso',
      'Noleggio furgoni',
      'Noleggio auto solo andata',
      'Noleggio auto elettriche',
      'Noleggio SUV',
    ],
    cities: {
      Barcelona: 'Barcellona',
      Lisbon: 'Lisbona',
      Munich: 'Monaco di Baviera',
      Nice: 'Nizza',
      Rome: 'Roma',
      Dublin: 'Dublino',
      Zurich: 'Zurigo',
      Prague: 'Praga',
      Athens: 'Atene',
      Berlin: 'Berlino',
      Paris: 'Parigi',
      Milan: 'Milano',
      Seville: 'Siviglia',
    },
    title: '{t} a {c} – confronta i prezzi',
    description: 'Confronta le offerte di {l} a {c} da fornitori affidabili.',
    content: '<h1>{t} a {c}</h1><p>Trova le migliori offerte di {l} a {c}.</p>',
    lowerTopic: true,
  },
  nl: {
    topics: [
      'Autohuur',
      'Autohuur op de luchthaven',
      'Goedkope autohuur',
      'Luxe autohuur',
      'Busje huren',
      'Enkele reis autohuur',
      'Elektrische auto huren',
      'SUV huren',
    ],
    cities: {
      Lisbon: 'Lissabon',
      Munich: 'München',
      Vienna: 'Wenen',
      Zurich: 'Zürich',
      Prague: 'Praag',
      Athens: 'Athene',
      Berlin: 'Berlijn',
      Paris: 'Parijs',
      Milan: 'Milaan',
      Seville: 'Sevilla',
      Malaga: 'Málaga',
    },
    title: '{t} in {c} – vergelijk prijzen',
    description: 'Vergelijk aanbiedingen voor {l} in {c} van betrouwbare verhuurders.',
    content: '<h1>{t} in {c}</h1><p>Vind de beste aanbiedingen voor {l} in {c}.</p>',
    lowerTopic: true,
  },
};

/** One page's text in its language (the n-th combination of a city and a topic). */
function pageText(language: Language, city: string, topicIndex: number) {
  const words = WORDING[language];
  const topic = words.topics[topicIndex] ?? TOPICS[topicIndex] ?? '';
  const fill = (template: string) =>
    template
      .replaceAll('{t}', topic)
      .replaceAll(
        '{l}',
        words.lowerTopic ? topic.replace(/^\p{Lu}(?!\p{Lu})/u, (c) => c.toLowerCase()) : topic,
      )
      .replaceAll('{c}', words.cities[city] ?? city);
  return { title: fill(words.title), description: fill(words.description), content: fill(words.content) };
}

export async function seedPages(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pages');
  if ((rows[0]?.n ?? 0) > 0) return;
  // Each combination of a city and a topic is one page, in one of the languages in turn, its title,
  // description and text written in that language; its name and address stay the desk's own (English).
  const pages = CITIES.flatMap((city) => TOPICS.map((topic, t) => ({ city, topic, t })));
  const texts = pages.map(({ city, t }, i) => {
    const language = LANGUAGES[(i + 1) % LANGUAGES.length] as Language;
    return { language, ...pageText(language, city, t) };
  });
  await db.query(
    `INSERT INTO pages (name, url, title, language_code, meta_description, content_html, status, is_active,
                        priority, published_at, updated_at, updated_by)
     SELECT p.topic || ' ' || p.city,
            '/' || lower(replace(p.topic, ' ', '-')) || '/' || lower(p.city),
            p.title, p.language, p.description, p.content,
            CASE WHEN n % 7 = 0 THEN 'archived' WHEN n % 3 = 0 THEN 'draft' ELSE 'published' END,
            n % 11 <> 0,
            (n % 10)::int,
            CASE WHEN n % 3 = 0 THEN NULL ELSE timestamptz '2026-01-01' + (n || ' hours')::interval * 7 END,
            timestamptz '2026-06-01' + (n || ' hours')::interval * 5,
            (ARRAY['editor@bmtools.local', 'admin@bmtools.local'])[1 + (n % 2)]
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
            WITH ORDINALITY AS p(city, topic, language, title, description, content, n)`,
    [
      pages.map((p) => p.city),
      pages.map((p) => p.topic),
      texts.map((x) => x.language),
      texts.map((x) => x.title),
      texts.map((x) => x.description),
      texts.map((x) => x.content),
    ],
  );
}
