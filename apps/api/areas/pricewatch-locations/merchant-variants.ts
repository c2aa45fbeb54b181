/**
 * What merchant feeds really send: the same places, suppliers, classes, cars and extras as
 * price-watch, under other spellings (transliterated, upper case, with typos), in other languages
 * ("Aeropuerto de Málaga", "München Flughafen"), abbreviated ("Munich Intl", "MUC Apt"), by code
 * ("MUC Airport", "CDMR"), and some records that have no price-watch counterpart at all. Each
 * record carries its truth (the price-watch id it is, or null) for merchant_ground_truth.
 */
import type { Faker } from '@faker-js/faker';
import type { CarClass } from '../pricewatch-car-classes/acriss.ts';
import { FLEET } from '../pricewatch-car-classes/acriss.ts';
import { INCLUDED_ITEMS, type Office, OPTIONS, SUPPLIERS } from './catalogue-data.ts';
import type { LocationRow, UncoveredTown } from './geography.ts';

export interface MerchantRecord {
  id: number;
  merchantId: number;
  externalCode: string;
  name: string;
  truth: number | null;
  extra?: Record<string, unknown>;
}

type Language = 'en' | 'de' | 'es' | 'fr' | 'it';

const MERCHANTS: readonly { name: string; code: string; website: string; language: Language }[] = [
  { name: 'CarTrawler', code: 'CTW', website: 'https://www.cartrawler.com', language: 'en' },
  { name: 'Rentalcars.com', code: 'RCC', website: 'https://www.rentalcars.com', language: 'en' },
  { name: 'Billiger Mietwagen', code: 'BMW', website: 'https://www.billiger-mietwagen.de', language: 'de' },
  { name: 'Do You Spain', code: 'DYS', website: 'https://www.doyouspain.com', language: 'es' },
  { name: 'Auto Escape', code: 'AES', website: 'https://www.autoescape.com', language: 'fr' },
  { name: 'Noleggio Auto Italia', code: 'NAI', website: 'https://www.noleggio-auto.example', language: 'it' },
];

const AIRPORT: Record<Language, (city: string) => string> = {
  en: (city) => `${city} Airport`,
  de: (city) => `${city} Flughafen`,
  es: (city) => `Aeropuerto de ${city}`,
  fr: (city) => `Aéroport de ${city}`,
  it: (city) => `Aeroporto di ${city}`,
};
const STATION: Record<Language, (city: string) => string> = {
  en: (city) => `${city} Railway Station`,
  de: (city) => `${city} Hbf`,
  es: (city) => `Estación de ${city}`,
  fr: (city) => `Gare de ${city}`,
  it: (city) => `Stazione di ${city}`,
};
const DOWNTOWN: Record<Language, (city: string) => string> = {
  en: (city) => `${city} Downtown`,
  de: (city) => `${city} Stadtmitte`,
  es: (city) => `${city} Centro`,
  fr: (city) => `${city} Centre-ville`,
  it: (city) => `${city} Centro`,
};

/** The extras and inclusions in the feeds' languages, by price-watch code. */
const TRANSLATED: Record<string, Partial<Record<Language, string>>> = {
  INS: { de: 'Babyschale', es: 'Silla para bebé', fr: 'Siège bébé', it: 'Seggiolino neonato' },
  CSI: { de: 'Kindersitz', es: 'Silla infantil', fr: 'Siège enfant', it: 'Seggiolino bambini' },
  BST: { de: 'Sitzerhöhung', es: 'Elevador', fr: 'Rehausseur', it: 'Alzatina' },
  NVS: { de: 'Navigationsgerät', es: 'Navegador GPS', fr: 'GPS', it: 'Navigatore satellitare' },
  SNO: { de: 'Schneeketten', es: 'Cadenas de nieve', fr: 'Chaînes à neige', it: 'Catene da neve' },
  ADD: {
    de: 'Zusatzfahrer',
    es: 'Conductor adicional',
    fr: 'Conducteur supplémentaire',
    it: 'Guidatore aggiuntivo',
  },
  YNG: { de: 'Junger Fahrer', es: 'Conductor joven', fr: 'Jeune conducteur', it: 'Guidatore giovane' },
  UNL: {
    de: 'Unbegrenzte Kilometer',
    es: 'Kilometraje ilimitado',
    fr: 'Kilométrage illimité',
    it: 'Chilometraggio illimitato',
  },
  CDW: { de: 'Vollkasko', es: 'Seguro a todo riesgo', fr: 'Assurance collision', it: 'Copertura danni' },
  TP: { de: 'Diebstahlschutz', es: 'Protección antirrobo', fr: 'Protection vol', it: 'Protezione furto' },
  TPL: {
    de: 'Haftpflichtversicherung',
    es: 'Responsabilidad civil',
    fr: 'Responsabilité civile',
    it: 'Responsabilità civile',
  },
  VAT: { de: 'MwSt.', es: 'IVA', fr: 'TVA', it: 'IVA' },
  FCX: {
    de: 'Kostenlose Stornierung',
    es: 'Cancelación gratuita',
    fr: 'Annulation gratuite',
    it: 'Cancellazione gratuita',
  },
  FTF: { de: 'Voll/Voll', es: 'Lleno/lleno', fr: 'Plein/plein', it: 'Pieno/pieno' },
};

const ABBREVIATIONS: readonly [RegExp, string][] = [
  [/\bInternational\b/g, 'Intl'],
  [/\bAirport\b/g, 'Apt'],
  [/\bSaint\b/g, 'St'],
  [/\bRegional\b/g, 'Rgnl'],
  [/\bVolkswagen\b/g, 'VW'],
  [/\bMercedes-Benz\b/g, 'Mercedes'],
];

/** `München` → `Muenchen`, `Málaga` → `Malaga`: as systems without accents write them. */
function transliterate(text: string): string {
  return text
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

const abbreviate = (text: string) => ABBREVIATIONS.reduce((t, [from, to]) => t.replace(from, to), text);

/** One slip of the keyboard: two letters swapped or one dropped, never in the first letter. */
function typo(faker: Faker, text: string): string {
  if (text.length < 5) return text;
  const at = faker.number.int({ min: 1, max: text.length - 2 });
  return faker.datatype.boolean()
    ? text.slice(0, at) + (text[at + 1] ?? '') + (text[at] ?? '') + text.slice(at + 2)
    : text.slice(0, at) + text.slice(at + 1);
}

/** A spelling as a feed might send it: mostly faithful, sometimes shouted, shortened or mistyped. */
function respell(faker: Faker, text: string): string {
  const roll = faker.number.int({ min: 1, max: 10 });
  if (roll <= 3) return text;
  if (roll <= 5) return transliterate(text);
  if (roll === 6) return text.toUpperCase();
  if (roll <= 8) return abbreviate(text);
  return typo(faker, text);
}

interface Sources {
  locations: readonly LocationRow[];
  /** Real towns the catalogue lacks: the records without a counterpart. */
  uncovered: readonly UncoveredTown[];
  offices: readonly Office[];
  classes: readonly (CarClass & { id: number })[];
  copies: number;
}

export function merchantFeeds(faker: Faker, sources: Sources) {
  const { locations, offices, classes, copies, uncovered } = sources;
  const byId = new Map(locations.map((l) => [l.id, l]));
  const cityOf = (l: LocationRow) => (l.cityId ? (byId.get(l.cityId)?.name ?? l.name) : l.name);
  const out = {
    merchants: MERCHANTS.map((m, i) => ({ ...m, id: i + 1 })),
    locations: [] as MerchantRecord[],
    suppliers: [] as MerchantRecord[],
    carClasses: [] as MerchantRecord[],
    cars: [] as MerchantRecord[],
    options: [] as MerchantRecord[],
    includedItems: [] as MerchantRecord[],
    offices: [] as MerchantRecord[],
  };
  const push = (list: MerchantRecord[], record: Omit<MerchantRecord, 'id'>) => {
    const full = { ...record, id: list.length + 1 };
    list.push(full);
    return full;
  };

  for (const merchant of out.merchants) {
    const lang = merchant.language;
    const code = (n: number) => `${merchant.code}${String(n).padStart(6, '0')}`;

    // Locations: about half the airports, a third of the cities, a few stations, and places
    // price-watch does not have.
    const locationRecord = new Map<number, MerchantRecord>();
    for (const l of locations) {
      const city = cityOf(l);
      let name: string | undefined;
      let kind: string | undefined;
      if (l.locationTypeId === 5 && faker.datatype.boolean({ probability: 0.5 })) {
        kind = 'Airport';
        name = faker.helpers.arrayElement([
          () => `${l.iataCode} Airport`,
          () => `${city} Intl`,
          () => AIRPORT[lang](city),
          () => respell(faker, l.name),
          () => `${respell(faker, city)} (${l.iataCode})`,
        ])();
      } else if (l.locationTypeId === 4 && faker.datatype.boolean({ probability: 0.3 })) {
        kind = 'City';
        name = faker.datatype.boolean() ? respell(faker, l.name) : DOWNTOWN[lang](l.name);
      } else if (l.locationTypeId === 6 && faker.datatype.boolean({ probability: 0.6 })) {
        kind = 'Train station';
        name = STATION[lang](cityOf(l));
      }
      if (!name || !kind) continue;
      const record = push(out.locations, {
        merchantId: merchant.id,
        externalCode:
          kind === 'Airport' && faker.datatype.boolean()
            ? `${l.iataCode}T01`
            : code(out.locations.length + 1),
        name,
        truth: l.id,
        extra: {
          location_kind: kind,
          country_code: l.country,
          iata_code: l.iataCode,
          latitude: l.latitude,
          longitude: l.longitude,
        },
      });
      locationRecord.set(l.id, record);
    }
    // Records with no counterpart: real towns the catalogue lacks, as a feed sends them.
    for (const town of faker.helpers.arrayElements(uncovered, Math.min(25, uncovered.length))) {
      const withCoordinates = faker.datatype.boolean();
      push(out.locations, {
        merchantId: merchant.id,
        externalCode: code(out.locations.length + 1),
        name: faker.helpers.arrayElement([
          town.name,
          `${town.name} Downtown`,
          `${town.name} Railway Station`,
          `${town.name} Centre`,
        ]),
        truth: null,
        extra: {
          location_kind: 'City',
          country_code: town.country,
          ...(withCoordinates ? { latitude: town.latitude, longitude: town.longitude } : {}),
        },
      });
    }

    // Suppliers: every brand in the feed's own spelling, and local firms we do not track.
    const supplierRecord = new Map<number, MerchantRecord>();
    SUPPLIERS.forEach((s, i) => {
      const name = faker.helpers.arrayElement([
        s.name,
        s.name.toUpperCase(),
        `${s.name} Rent a Car`,
        `${s.name} Car Rental`,
        typo(faker, s.name),
      ]);
      supplierRecord.set(
        i + 1,
        push(out.suppliers, { merchantId: merchant.id, externalCode: s.code, name, truth: i + 1 }),
      );
    });
    for (let i = 0; i < 4; i++) {
      push(out.suppliers, {
        merchantId: merchant.id,
        externalCode: `L${merchant.code}${i + 1}`,
        name: `${faker.company.name()} Rent a Car`,
        truth: null,
      });
    }

    for (const c of classes) {
      push(out.carClasses, {
        merchantId: merchant.id,
        externalCode: c.code,
        name: faker.helpers.arrayElement([
          c.code,
          `${c.category} (${c.code})`,
          `${c.category} ${c.vehicleType}`,
          c.name,
        ]),
        truth: c.id,
      });
    }
    push(out.carClasses, {
      merchantId: merchant.id,
      externalCode: 'CAMP4',
      name: 'Campervan 4 berth',
      truth: null,
    });

    FLEET.forEach((car, i) => {
      const full = `${car.make} ${car.model}`;
      push(out.cars, {
        merchantId: merchant.id,
        externalCode: code(i + 1),
        name: faker.helpers.arrayElement([
          `${full} or similar`,
          full.toUpperCase(),
          abbreviate(full),
          typo(faker, full),
        ]),
        truth: i + 1,
        extra: { car_class_code: car.acriss, seats: car.seats },
      });
    });
    for (let i = 0; i < 3; i++) {
      push(out.cars, {
        merchantId: merchant.id,
        externalCode: code(FLEET.length + i + 1),
        name: `${faker.vehicle.manufacturer()} ${faker.string.alpha({ length: 2, casing: 'upper' })}${faker.number.int({ min: 1, max: 9 })} or similar`,
        truth: null,
      });
    }

    const translated = (codeOf: string, english: string) =>
      TRANSLATED[codeOf]?.[lang] ?? respell(faker, english);
    OPTIONS.forEach((o, i) => {
      push(out.options, {
        merchantId: merchant.id,
        externalCode: `OPT-${o.code}`,
        name: translated(o.code, o.name),
        truth: i + 1,
      });
    });
    push(out.options, {
      merchantId: merchant.id,
      externalCode: 'OPT-PET',
      name: 'Pet transport box',
      truth: null,
    });
    INCLUDED_ITEMS.forEach((item, i) => {
      push(out.includedItems, {
        merchantId: merchant.id,
        externalCode: `INC-${item.code}`,
        name: translated(item.code, item.name),
        truth: i + 1,
      });
    });
    push(out.includedItems, {
      merchantId: merchant.id,
      externalCode: 'INC-PARK',
      name: 'Free parking at return',
      truth: null,
    });

    // Offices: most desks at the places this feed sends, under its supplier and location records.
    for (let copy = 1; copy <= copies; copy++) {
      for (const office of offices) {
        const location = locationRecord.get(office.location.id);
        const supplier = supplierRecord.get(office.supplierId);
        if (!location || !supplier || !faker.datatype.boolean({ probability: 0.6 })) continue;
        push(out.offices, {
          merchantId: merchant.id,
          externalCode: `${supplier.externalCode}-${code(out.offices.length + 1)}${copy > 1 ? `-${copy}` : ''}`,
          name: `${supplier.name} ${location.name}`,
          truth: office.id,
          extra: {
            merchant_supplier_id: supplier.id,
            merchant_location_id: location.id,
            office_kind: office.officeType.startsWith('airport')
              ? 'Airport'
              : office.officeType === 'city'
                ? 'Downtown'
                : 'Rail',
            address: office.address,
            iata_code: office.location.iataCode,
            latitude: office.latitude,
            longitude: office.longitude,
          },
        });
      }
    }
  }
  return out;
}
