/**
 * Date values (`YYYY-MM-DD`, with time `HH:mm`, default time 00:00). The pickers hold
 * Mantine's `YYYY-MM-DD HH:mm:ss` strings in local time; the payload gets a date as `YYYY-MM-DD`, a
 * datetime as ISO 8601 with the offset (so the server stores the instant the user saw), a datetime2
 * as a local `YYYY-MM-DDTHH:mm:ss` without one.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const DEFAULT_TIME = '00:00';
const PICKER_VALUE = 'YYYY-MM-DD HH:mm:ss';

function parse(raw: unknown): dayjs.Dayjs | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number' && !(raw instanceof Date)) return undefined;
  const parsed = dayjs(raw);
  return parsed.isValid() ? parsed : undefined;
}

export const dateFromRecord = (raw: unknown): string | null => parse(raw)?.format(DATE_FORMAT) ?? null;
export const dateTimeFromRecord = (raw: unknown): string | null => parse(raw)?.format(PICKER_VALUE) ?? null;

export const dateToPayload = (value: unknown): string | null => parse(value)?.format(DATE_FORMAT) ?? null;
export const dateTimeToPayload = (value: unknown): string | null => parse(value)?.format() ?? null;
export const localDateTimeToPayload = (value: unknown): string | null =>
  parse(value)?.format('YYYY-MM-DDTHH:mm:ss') ?? null;

/**
 * A typed date read strictly in its format, so half-typed text ('2', '2024-0') is no date at all
 * rather than some other day; Mantine's DateInput then keeps the last complete value.
 */
export function strictParser(format: string, withTime: boolean): (text: string) => string | null {
  return (text) => {
    const parsed = dayjs(text.trim(), format, true);
    return parsed.isValid() ? parsed.format(withTime ? PICKER_VALUE : DATE_FORMAT) : null;
  };
}

/** How the detail view shows them. */
export const formatDate = (value: unknown): string => parse(value)?.format(DATE_FORMAT) ?? '';
export const formatDateTime = (value: unknown): string => parse(value)?.format(DATETIME_FORMAT) ?? '';
