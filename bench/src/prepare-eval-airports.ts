/**
 * Builds the independent airport lists the location-mapping evaluation
 * (apps/api/test/location-eval.ts) creates merchant records from. Run once by hand per source:
 *
 *   node --import tsx bench/src/prepare-eval-airports.ts path/to/airports.dat   # openflights-airports.tsv
 *   node --import tsx bench/src/prepare-eval-airports.ts path/to/airports.csv   # travelhackingtool-airports.tsv
 *   node --import tsx bench/src/prepare-eval-airports.ts path/to/airportsdata/airports.csv   # airportsdata-airports.tsv
 *   node --import tsx bench/src/prepare-eval-airports.ts path/to/iata-icao.csv   # ip2location-airports.tsv
 *
 * Four inputs, told apart by their first line, each compiled independently of the OurAirports data
 * the catalogue is built from and of each other, under their own spellings:
 * - an OpenFlights `airports.dat` (CSV without header: id, name, city, country name, IATA, ICAO,
 *   latitude, longitude, …): "Heathrow", "Franz Josef Strauss", "Merignac", "John F Kennedy Intl";
 * - the `airports.csv` of the Travelhackingtool.com airport database (lxndrblz/Airports; CSV with
 *   the header `code,icao,name,latitude,longitude,…,country,city,…`, the country as an ISO code):
 *   "Les Salines Airport", "Arcata-Eureka Airport", "Kabri Dar";
 * - the `airports.csv` of the airportsdata package (mborsetti/airportsdata; header `"icao","iata",
 *   "name","city","subd","country",…,"lat","lon",…`, the country an ISO code): "Tautii Magheraus
 *   Airport", "Mc Call Municipal Airport";
 * - the `iata-icao.csv` of IP2Location's IATA/ICAO list (ip2location/ip2location-iata-icao; header
 *   `"country_code","region_name","iata","icao","airport","latitude","longitude"`): "Rajkot
 *   International Airport", "Bengaluru International Airport"; its region stands in for the city.
 * Kept: rows with a three-letter IATA code (unique in the file) and a country this script can name
 * by its ISO code, and whose code the catalogue does not give to a place over 30 km away (a
 * reassigned code). Written: every such airport the catalogue has (joined by IATA code), and, drawn
 * with a fixed seed, as many airports the catalogue lacks as make a fifth of the file, so a fifth of
 * the merchant records the evaluation creates have no counterpart. Only name, city, country and the
 * IATA code are kept; the ranker is given name and country, the IATA code is the ground truth.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Country } from 'country-state-city';
import { buildGeography, distanceKm } from '../../apps/api/areas/pricewatch-locations/geography.ts';

const DATA_DIR = path.resolve(import.meta.dirname, '../data');
/** Each input with a header, by the start of its first line (airports.dat has none). */
const HEADERS = {
  travelhackingtool: 'code,icao,name,latitude,longitude,',
  airportsdata: '"icao","iata","name","city","subd","country",',
  ip2location: '"country_code","region_name","iata","icao","airport",',
} as const;
type Source = keyof typeof HEADERS | 'openflights';

/** The list's country names that country-state-city spells otherwise (the rest match by name). */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  Bahamas: 'BS',
  'British Virgin Islands': 'VG',
  Burma: 'MM',
  'Congo (Brazzaville)': 'CG',
  'Congo (Kinshasa)': 'CD',
  "Cote d'Ivoire": 'CI',
  Fiji: 'FJ',
  Gambia: 'GM',
  Guernsey: 'GG',
  'Hong Kong': 'HK',
  'Isle of Man': 'IM',
  'Johnston Atoll': 'UM',
  Korea: 'KR',
  Macau: 'MO',
  'Midway Islands': 'UM',
  Palestine: 'PS',
  'Virgin Islands': 'VI',
  'Wake Island': 'UM',
  'Wallis and Futuna': 'WF',
};

/** One CSV line of either input: fields optionally in double quotes, no escaped quotes inside. */
function fields(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (const c of line) {
    if (quoted) {
      if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}

/** A small deterministic generator (mulberry32), so the drawn airports are the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const input = process.argv[2];
if (!input)
  throw new Error('usage: prepare-eval-airports.ts path/to/airports.dat|airports.csv|iata-icao.csv');
const lines = readFileSync(input, 'utf8').split('\n');
const source: Source =
  (Object.keys(HEADERS) as (keyof typeof HEADERS)[]).find((s) => lines[0]?.startsWith(HEADERS[s])) ??
  'openflights';
const OUT = path.join(DATA_DIR, `${source}-airports.tsv`);
const isoByName = new Map(Country.getAllCountries().map((c) => [c.name.toLowerCase(), c.isoCode]));
const isoCodes = new Set(Country.getAllCountries().map((c) => c.isoCode));
const catalogue = new Map(
  (await buildGeography()).filter((l) => l.locationTypeId === 5).map((l) => [l.iataCode, l]),
);

/** How far apart the two sources may place one airport (its coordinates, rounding, a moved runway). */
const MAX_KM = 30;
let reassigned = 0;

interface Row {
  iata: string;
  name: string;
  city: string;
  country: string;
}
const rows: Row[] = [];
const seen = new Map<string, number>();
/** One airport of the input: its fields in either format, the country as the list names it. */
interface Parsed {
  name: string | undefined;
  city: string | undefined;
  country: string | undefined;
  iata: string | undefined;
  latitude: string | undefined;
  longitude: string | undefined;
}
function parse(line: string): Parsed {
  const f = fields(line.trim());
  switch (source) {
    case 'travelhackingtool': {
      const [iata, , name, latitude, longitude, , , , , country, city] = f;
      return { name, city, country, iata, latitude, longitude };
    }
    case 'airportsdata': {
      const [, iata, name, city, , country, , latitude, longitude] = f;
      return { name, city, country, iata, latitude, longitude };
    }
    case 'ip2location': {
      const [country, city, iata, , name, latitude, longitude] = f;
      return { name, city, country, iata, latitude, longitude };
    }
    case 'openflights': {
      const [, name, city, country, iata, , latitude, longitude] = f;
      return { name, city, country, iata, latitude, longitude };
    }
  }
}

for (const line of source === 'openflights' ? lines : lines.slice(1)) {
  const { name, city, country, iata, latitude, longitude } = parse(line);
  if (!name || !country || !iata || !/^[A-Z]{3}$/.test(iata)) continue;
  // OpenFlights names the country; the other lists give its ISO code.
  const iso =
    source === 'openflights'
      ? (COUNTRY_ALIASES[country] ?? isoByName.get(country.toLowerCase()))
      : isoCodes.has(country)
        ? country
        : undefined;
  if (!iso) continue;
  // A code the two sources give to places far apart was reassigned: not the same airport, and
  // not one the catalogue lacks either.
  const known = catalogue.get(iata);
  if (
    known &&
    distanceKm(Number(latitude), Number(longitude), known.latitude ?? 0, known.longitude ?? 0) > MAX_KM
  ) {
    reassigned++;
    continue;
  }
  seen.set(iata, (seen.get(iata) ?? 0) + 1);
  const clean = (text: string) => text.replace(/[\t\r\n]+/g, ' ').trim();
  rows.push({ iata, name: clean(name), city: clean(city ?? ''), country: iso });
}
const unique = rows.filter((r) => seen.get(r.iata) === 1);
const matched = unique.filter((r) => catalogue.has(r.iata));
const lacking = unique.filter((r) => !catalogue.has(r.iata));
const next = random(39);
// A partial Fisher–Yates shuffle draws the lacking airports; the file keeps the source's order.
const wanted = Math.round(matched.length / 4);
for (let i = 0; i < wanted; i++) {
  const j = i + Math.floor(next() * (lacking.length - i));
  [lacking[i], lacking[j]] = [lacking[j] as Row, lacking[i] as Row];
}
const drawn = new Set(lacking.slice(0, wanted));
const kept = unique.filter((r) => catalogue.has(r.iata) || drawn.has(r));
writeFileSync(
  OUT,
  `iata\tname\tcity\tcountry\n${kept.map((r) => `${r.iata}\t${r.name}\t${r.city}\t${r.country}`).join('\n')}\n`,
);
console.log(
  `${kept.length} airports written to ${path.relative(process.cwd(), OUT)}: ${matched.length} in the catalogue, ` +
    `${drawn.size} it lacks (of ${lacking.length}); ${reassigned} left out whose code the catalogue gives ` +
    `to a place over ${MAX_KM} km away`,
);
