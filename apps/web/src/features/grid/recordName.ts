/**
 * A record's name as staff know it: its first present value among the usual naming fields
 * (name, title, reservation number, …). Record screens are headed with it and confirmations name it.
 */
const NAME_FIELDS = [
  'name',
  'title',
  'reservationNumber',
  'number',
  'code',
  'displayName',
  'label',
  'email',
] as const;

export function recordName(record: Readonly<Record<string, unknown>> | undefined): string | undefined {
  if (!record) return undefined;
  for (const key of NAME_FIELDS) {
    const value = record[key];
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number')
      return String(value).trim();
  }
  return undefined;
}
