/**
 * Demo reviews: for one completed reservation in 40 (at most 400), a review of its supplier written
 * in one of seven languages, its title and words matching its rating (praise for 4 and 5 stars,
 * mixed for 3, complaints for 1 and 2). Submitted one to six days after drop-off; older ones are
 * moderated (most published, a few rejected, some with our reply), the newest wait. Deterministic;
 * runs only on an empty table.
 */
import type { Queryable } from '../manifest.ts';

type Mood = 'good' | 'mixed' | 'bad';
/** Per language and mood: [title, text] pairs. */
const TEXTS: Record<string, Record<Mood, [string, string][]>> = {
  en: {
    good: [
      [
        'Quick and easy pick-up',
        'The desk was right in the arrivals hall and we were on the road in fifteen minutes. The car was clean and almost new.',
      ],
      [
        'Great value for a week in the sun',
        'Friendly staff, no hard sell on insurance, and the drop-off took two minutes. Would book again.',
      ],
    ],
    mixed: [
      [
        'Fine car, long queue',
        'The car itself was fine, but we waited almost an hour at the desk. Return was quick.',
      ],
      [
        'OK, but check the fuel policy',
        'Decent car and fair price, though the full-to-full rule was not explained clearly at pick-up.',
      ],
    ],
    bad: [
      [
        'Charged for damage we did not cause',
        'They found a scratch that was already there when we collected the car. Take photos of everything.',
      ],
      [
        'Shuttle never came',
        'We waited forty minutes for the shuttle to the off-airport office and nobody answered the phone.',
      ],
    ],
  },
  de: {
    good: [
      [
        'Schnell und unkompliziert',
        'Der Schalter war direkt im Terminal, das Auto sauber und vollgetankt. Die Rückgabe dauerte nur wenige Minuten.',
      ],
      [
        'Sehr freundliches Personal',
        'Man hat uns alles gut erklärt und keine unnötigen Versicherungen aufgedrängt. Gerne wieder.',
      ],
    ],
    mixed: [
      [
        'Auto gut, Wartezeit lang',
        'Das Fahrzeug war in Ordnung, aber wir mussten fast eine Stunde am Schalter warten.',
      ],
      ['In Ordnung', 'Preis und Auto passten, die Kaution wurde aber erst nach zwei Wochen freigegeben.'],
    ],
    bad: [
      [
        'Nie wieder',
        'Bei der Rückgabe wurde ein alter Kratzer als neuer Schaden berechnet. Unbedingt Fotos machen!',
      ],
      [
        'Versteckte Kosten',
        'Am Schalter kamen plötzlich Gebühren dazu, die bei der Buchung nicht erwähnt wurden.',
      ],
    ],
  },
  es: {
    good: [
      [
        'Recogida rápida y sin problemas',
        'El mostrador estaba en la terminal y en quince minutos teníamos el coche. Todo muy limpio.',
      ],
      [
        'Muy buena relación calidad-precio',
        'Personal amable, sin presión para contratar seguros y la devolución fue rapidísima.',
      ],
    ],
    mixed: [
      ['Bien, pero mucha cola', 'El coche estaba bien, pero esperamos casi una hora en el mostrador.'],
      [
        'Correcto',
        'Buen precio, aunque la política de combustible no nos la explicaron bien al recoger el coche.',
      ],
    ],
    bad: [
      [
        'Nos cobraron un daño que no hicimos',
        'Encontraron un arañazo que ya estaba al recoger el coche. Haced fotos de todo.',
      ],
      [
        'El autobús no llegó nunca',
        'Esperamos cuarenta minutos el traslado a la oficina y nadie contestaba al teléfono.',
      ],
    ],
  },
  fr: {
    good: [
      [
        'Prise en charge rapide',
        "Le comptoir était dans le terminal et nous sommes partis en un quart d'heure. Voiture propre et récente.",
      ],
      [
        'Excellent rapport qualité-prix',
        'Personnel aimable, aucune pression pour les assurances, et le retour a pris deux minutes.',
      ],
    ],
    mixed: [
      [
        'Voiture correcte, longue attente',
        'La voiture était bien, mais nous avons attendu presque une heure au comptoir.',
      ],
      ['Correct sans plus', "Prix honnête, mais la caution n'a été débloquée qu'au bout de deux semaines."],
    ],
    bad: [
      [
        'Dommage facturé à tort',
        'On nous a facturé une rayure qui était déjà là au départ. Prenez des photos de tout.',
      ],
      [
        'Frais cachés au comptoir',
        "Des frais non mentionnés lors de la réservation ont été ajoutés à l'arrivée.",
      ],
    ],
  },
  it: {
    good: [
      [
        'Ritiro veloce e senza problemi',
        "Il banco era nel terminal e in un quarto d'ora eravamo in strada. Auto pulita e quasi nuova.",
      ],
      [
        'Ottimo rapporto qualità-prezzo',
        'Personale gentile, nessuna pressione sulle assicurazioni e riconsegna rapidissima.',
      ],
    ],
    mixed: [
      ['Auto buona, coda lunga', "L'auto andava bene, ma abbiamo aspettato quasi un'ora al banco."],
      ['Nella norma', 'Prezzo giusto, però il deposito è stato sbloccato solo dopo due settimane.'],
    ],
    bad: [
      [
        'Addebitato un danno non nostro',
        'Hanno trovato un graffio che era già presente al ritiro. Fate foto di tutto.',
      ],
      [
        'Navetta mai arrivata',
        'Abbiamo aspettato quaranta minuti la navetta e nessuno rispondeva al telefono.',
      ],
    ],
  },
  nl: {
    good: [
      [
        'Snel en makkelijk',
        'De balie zat in de aankomsthal en binnen een kwartier reden we weg. Schone, bijna nieuwe auto.',
      ],
      [
        'Prima prijs-kwaliteit',
        'Vriendelijk personeel, geen opdringerige verzekeringen en het inleveren ging razendsnel.',
      ],
    ],
    mixed: [
      ['Auto prima, lange rij', 'De auto was in orde, maar we stonden bijna een uur aan de balie.'],
      ['Redelijk', 'Goede prijs, maar de borg werd pas na twee weken vrijgegeven.'],
    ],
    bad: [
      [
        'Schade betaald die we niet maakten',
        'Er werd een kras gevonden die er bij het ophalen al zat. Maak overal foto’s van.',
      ],
      ['Pendelbus kwam nooit', 'Veertig minuten gewacht op de shuttle en niemand nam de telefoon op.'],
    ],
  },
  pt: {
    good: [
      [
        'Levantamento rápido',
        'O balcão ficava no terminal e em quinze minutos estávamos na estrada. Carro limpo e quase novo.',
      ],
      [
        'Ótima relação qualidade-preço',
        'Funcionários simpáticos, sem pressão para seguros e a devolução foi muito rápida.',
      ],
    ],
    mixed: [
      ['Carro bom, fila longa', 'O carro estava bem, mas esperámos quase uma hora no balcão.'],
      ['Razoável', 'Bom preço, mas a caução só foi libertada ao fim de duas semanas.'],
    ],
    bad: [
      [
        'Cobraram um dano que não fizemos',
        'Encontraram um risco que já lá estava no levantamento. Tirem fotografias de tudo.',
      ],
      ['O shuttle nunca apareceu', 'Esperámos quarenta minutos pelo transfer e ninguém atendia o telefone.'],
    ],
  },
};

const REPLIES: Record<string, string> = {
  en: 'Thank you for your feedback. We have passed it on to the supplier and our team will contact you.',
  de: 'Vielen Dank für Ihr Feedback. Wir haben es an den Vermieter weitergegeben und melden uns bei Ihnen.',
  es: 'Gracias por su opinión. La hemos trasladado al proveedor y nuestro equipo se pondrá en contacto con usted.',
  fr: 'Merci pour votre avis. Nous l’avons transmis au loueur et notre équipe va vous contacter.',
  it: 'Grazie per la sua recensione. L’abbiamo inoltrata al noleggiatore e il nostro team la contatterà.',
  nl: 'Bedankt voor uw beoordeling. We hebben deze doorgegeven aan de verhuurder en nemen contact met u op.',
  pt: 'Obrigado pela sua opinião. Transmitimo-la ao fornecedor e a nossa equipa entrará em contacto consigo.',
};

/** Ratings in proportion to what customers give: mostly 4 and 5. */
const RATINGS = [5, 4, 5, 3, 4, 5, 2, 4, 5, 1];
const moodOf = (rating: number): Mood => (rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'bad');

export async function seedReviews(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM reviews');
  if ((rows[0]?.n ?? 0) > 0) return;
  // One row per (language, rating, variant): what a review with that rating in that language says.
  const languages = Object.keys(TEXTS);
  const table: {
    lang: string;
    rating: number;
    variant: number;
    title: string;
    text: string;
    reply: string;
  }[] = [];
  for (const lang of languages)
    for (const rating of [1, 2, 3, 4, 5])
      for (const variant of [0, 1]) {
        const [title, text] = TEXTS[lang]?.[moodOf(rating)][variant] ?? ['', ''];
        table.push({ lang, rating, variant, title, text, reply: REPLIES[lang] ?? '' });
      }
  await db.query(
    `INSERT INTO reviews (reservation_id, supplier, rating, title, review_text, language_code, status, reply,
                          submitted_at, created_at, created_by, updated_at, updated_by)
     SELECT r.id, r.supplier, tx.rating, tx.title, tx.body, tx.lang, s.status,
            CASE WHEN s.status = 'published' AND (tx.rating <= 2 OR r.id % 3 = 0) THEN tx.reply END,
            s.submitted, s.submitted, 'review-widget', s.submitted + interval '1 day',
            CASE WHEN s.status = 'pending' THEN 'review-widget' ELSE 'editor@bmtools.local' END
       FROM (SELECT * FROM reservations WHERE status = 'completed' AND id % 40 = 13 ORDER BY id LIMIT 400) r
       JOIN unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[])
              AS tx(lang, rating, variant, title, body, reply)
         ON tx.lang = ($7::text[])[1 + (r.id / 40) % $8::int]
        -- Bytes of the id's hash pick rating and wording, independent of the language's pattern.
        AND tx.rating = ($9::int[])[1 + get_byte(decode(md5(r.id::text), 'hex'), 0) % 10]
        AND tx.variant = get_byte(decode(md5(r.id::text), 'hex'), 1) % 2
      CROSS JOIN LATERAL (SELECT r.dropoff_date + ((1 + r.id % 6) || ' days')::interval AS submitted) d
      CROSS JOIN LATERAL (SELECT d.submitted,
               CASE WHEN d.submitted > timestamptz '2026-10-15' THEN 'pending'
                    WHEN r.id % 11 = 0 THEN 'rejected' ELSE 'published' END AS status) s`,
    [
      table.map((t) => t.lang),
      table.map((t) => t.rating),
      table.map((t) => t.variant),
      table.map((t) => t.title),
      table.map((t) => t.text),
      table.map((t) => t.reply),
      languages,
      languages.length,
      RATINGS,
    ],
  );
}
