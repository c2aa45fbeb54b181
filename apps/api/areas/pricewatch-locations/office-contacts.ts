/**
 * The address and telephone number of a demo office, written as its own country writes them:
 * the number carries the country's calling code (country-state-city), and a downtown or station
 * office's street comes from the faker locale of its country where faker has one. An airport desk
 * is found where rental desks are listed, in the arrivals hall, at the shuttle stop or the meeting
 * point, in every country; a downtown or station
 * office in a country faker has no locale for is given by the place itself ("Bangkok city centre"),
 * never by a street in another country's form.
 */
import {
  base,
  cs_CZ,
  da,
  de,
  de_AT,
  de_CH,
  el,
  en,
  en_AU,
  en_CA,
  en_GB,
  en_IE,
  en_IN,
  en_US,
  en_ZA,
  es,
  es_MX,
  Faker,
  fi,
  fr,
  fr_BE,
  fr_LU,
  hr,
  hu,
  it,
  type LocaleDefinition,
  nb_NO,
  nl,
  pl,
  pt_BR,
  pt_PT,
  ro,
  sk,
  sl_SI,
  sv,
  tr,
} from '@faker-js/faker';
import { Country } from 'country-state-city';
import type { LocationRow } from './geography.ts';

/** Faker's locales whose streets are those of one country, by its ISO code. */
const LOCALES: Readonly<Record<string, LocaleDefinition>> = {
  AT: de_AT,
  AU: en_AU,
  BE: fr_BE,
  BR: pt_BR,
  CA: en_CA,
  CH: de_CH,
  CZ: cs_CZ,
  DE: de,
  DK: da,
  ES: es,
  FI: fi,
  FR: fr,
  GB: en_GB,
  GR: el,
  HR: hr,
  HU: hu,
  IE: en_IE,
  IN: en_IN,
  IT: it,
  LU: fr_LU,
  MX: es_MX,
  NL: nl,
  NO: nb_NO,
  PL: pl,
  PT: pt_PT,
  RO: ro,
  SE: sv,
  SI: sl_SI,
  SK: sk,
  TR: tr,
  US: en_US,
  ZA: en_ZA,
};

/** The countries of LOCALES that write the house number before the street ("12 High Street"). */
const NUMBER_FIRST = new Set(['AU', 'CA', 'GB', 'IE', 'IN', 'US', 'ZA', 'FR', 'LU']);

/** Where at the airport each kind of airport office is. */
const AIRPORT_DESKS: Readonly<Record<string, string>> = {
  airport_terminal: 'Arrivals hall',
  airport_shuttle: 'Shuttle stop, arrivals level',
  airport_meet_greet: 'Meeting point, arrivals hall',
};

export interface OfficeContacts {
  address: string;
  phone: string;
}

/** A country's international calling code ("45" for DK), or '' when none is known. */
export const callingCodeOf = (country: string): string =>
  (Country.getCountryByCode(country)?.phonecode ?? '').replace(/^\+/, '').split(/\D/)[0] ?? '';

/**
 * Makes the contacts of one office at a time (of its place's country, `LocationRow.country`), each
 * country's streets drawn from a generator of its own seeded from `seed` and the country, so the
 * demo is the same on every run.
 */
export function officeContactMaker(
  seed: number,
): (office: { officeType: string; location: LocationRow }) => OfficeContacts {
  const countries = new Map<string, { faker: Faker; callingCode: string }>();
  const countryOf = (code: string) => {
    let known = countries.get(code);
    if (!known) {
      const locale = LOCALES[code];
      const faker = new Faker({ locale: locale ? [locale, en, base] : [en, base] });
      faker.seed(seed + [...code].reduce((sum, ch) => sum * 31 + ch.charCodeAt(0), 0));
      known = { faker, callingCode: callingCodeOf(code) };
      countries.set(code, known);
    }
    return known;
  };
  return ({ officeType, location }) => {
    const code = location.country?.toUpperCase() ?? '';
    const { faker, callingCode } = countryOf(code);
    const subscriber = `${faker.string.numeric({ length: 3, allowLeadingZeros: false })} ${faker.string.numeric(3)} ${faker.string.numeric(3)}`;
    const phone = callingCode ? `+${callingCode} ${subscriber}` : subscriber;
    let address: string;
    if (officeType.startsWith('airport')) {
      address = `${AIRPORT_DESKS[officeType] ?? 'Arrivals hall'}, ${location.name}`;
    } else if (LOCALES[code]) {
      // Faker's own formats put the number first in some of these locales (de_CH): written here.
      address = NUMBER_FIRST.has(code)
        ? `${faker.number.int({ min: 1, max: 999 })} ${faker.location.street()}`
        : `${faker.location.street()} ${faker.number.int({ min: 1, max: 120 })}`;
    } else {
      address = officeType === 'train_station' ? location.name : `${location.name} city centre`;
    }
    return { address, phone };
  };
}
