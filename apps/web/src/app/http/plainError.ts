/**
 * A failed call in words staff understand. The browser's own text ("Failed to fetch", "NetworkError
 * when attempting to fetch resource.") and a server's internal text never reach the screen: a call that
 * got no answer says the server could not be reached, a 5xx says something went wrong on the server,
 * and only our own 4xx messages are shown, with column keys replaced by the column labels the user sees
 * ("Total", not "totalPrice").
 */
import { HttpError } from './HttpError.ts';

export const UNREACHABLE_MESSAGE = 'The server could not be reached. Check your connection and try again.';
export const TIMEOUT_MESSAGE = 'Timeout: the server took too long to answer. Try again in a moment.';
export const SERVER_FAULT_MESSAGE =
  'Something went wrong on the server. Try again; if it keeps happening, tell your administrator.';
export const FORBIDDEN_MESSAGE = "You don't have the right to do this. Please contact your administrator.";
const TOO_MANY_MESSAGE = 'Too many requests at once. Wait a moment and try again.';

/** Key (or mapKey) → the label the user sees. */
export type FieldLabels = ReadonlyMap<string, string>;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces each key, whole-word, bare or quoted, with its label in curly quotes. */
export function withLabels(message: string, labels: FieldLabels | undefined): string {
  if (!labels || labels.size === 0) return message;
  // Longest keys first, so `total` never eats part of `totalPrice`.
  const keys = [...labels.keys()].filter((k) => k !== '').sort((a, b) => b.length - a.length);
  if (keys.length === 0) return message;
  const alternatives = keys.map(escapeRegExp).join('|');
  const pattern = new RegExp(`["'“]?(?<![\\w$])(${alternatives})(?![\\w$])["'”]?`, 'g');
  return message.replace(pattern, (_whole, key: string) => `“${labels.get(key) ?? key}”`);
}

/** Criteria messages start with the parameter they are about ("sort: …"); staff don't need it. */
const withoutParameterPrefix = (message: string): string =>
  message.replace(/^(sort|filters|fields|pageIndex|pageSize):\s*/i, '');

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export function plainErrorMessage(error: unknown, labels?: FieldLabels): string {
  if (!(error instanceof HttpError)) return UNREACHABLE_MESSAGE;
  const { status } = error;
  if (status === undefined) return error.message === 'Timeout' ? TIMEOUT_MESSAGE : UNREACHABLE_MESSAGE;
  if (status >= 500) return SERVER_FAULT_MESSAGE;
  if (status === 403) return FORBIDDEN_MESSAGE;
  if (status === 429) return TOO_MANY_MESSAGE;
  const own = error.body?.message ?? error.message;
  if (!own.trim()) return SERVER_FAULT_MESSAGE;
  return capitalised(withLabels(withoutParameterPrefix(own.trim()), labels));
}

/** Key and mapKey of each column → its label, for `plainErrorMessage`. */
export function columnLabels(
  columns: readonly { key: string; mapKey: string; column: string }[],
): Map<string, string> {
  const labels = new Map<string, string>();
  for (const c of columns) {
    const label = c.column.trim() || c.key;
    labels.set(c.mapKey, label);
    labels.set(c.key, label);
  }
  return labels;
}
