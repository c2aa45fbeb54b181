/**
 * Query-string switches: which keys exist, how a query string
 * turns into explicit switch values, and the defaults that fill the rest. Keys and values are
 * case-insensitive; 'true' and '1' switch on, any other value switches off.
 */

const FLAG_SWITCHES = [
  'hidemenu',
  'hideheader',
  'hidecolumntoggle',
  'hideactions',
  'hidefilters',
  'hidepresets',
  'hideexport',
  'ignorestate',
  'compactview',
  'paging',
] as const;
export type FlagSwitch = (typeof FLAG_SWITCHES)[number];

export type QuerySwitches = Record<FlagSwitch, boolean> & {
  /** Page size asked for by the URL; unset means "use the preset's" (default 20). */
  pageitems: number | undefined;
};

/** Only the switches a URL actually named, so preset settings keep the others. */
export type ExplicitSwitches = Partial<QuerySwitches>;

/** All default to false; paging defaults to on. */
export const DEFAULT_SWITCHES: QuerySwitches = {
  hidemenu: false,
  hideheader: false,
  hidecolumntoggle: false,
  hideactions: false,
  hidefilters: false,
  hidepresets: false,
  hideexport: false,
  ignorestate: false,
  compactview: false,
  paging: true,
  pageitems: undefined,
};

const isFlag = (key: string): key is FlagSwitch => (FLAG_SWITCHES as readonly string[]).includes(key);
const isOn = (value: string): boolean => ['true', '1'].includes(value.trim().toLowerCase());

/** Switch keys named by a query string, all other keys (filters, preset names) ignored. */
export function parseQuerySwitches(search: string): ExplicitSwitches {
  const explicit: ExplicitSwitches = {};
  for (const [rawKey, value] of new URLSearchParams(search)) {
    const key = rawKey.toLowerCase();
    if (isFlag(key)) explicit[key] = isOn(value);
    else if (key === 'pageitems') {
      const size = Number(value);
      if (Number.isInteger(size) && size > 0) explicit.pageitems = size;
    }
  }
  return explicit;
}

export const isSwitchKey = (key: string): boolean =>
  isFlag(key.toLowerCase()) || key.toLowerCase() === 'pageitems';

export const resolveSwitches = (explicit: ExplicitSwitches): QuerySwitches => ({
  ...DEFAULT_SWITCHES,
  ...explicit,
});
