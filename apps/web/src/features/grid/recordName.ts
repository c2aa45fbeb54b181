/**
 * A record's name as staff know it: the value of the field its area declares as its title
 * (`titleField` in the area's manifest, sent with the area's routes), e.g. a page's `name` or a
 * reservation's `reservationNumber`. Record screens are headed with it and a delete names it. An
 * area without a title field, or a record whose title is blank, has no name: screens use its id.
 */
export function recordName(
  record: Readonly<Record<string, unknown>> | undefined,
  titleField: string | undefined,
): string | undefined {
  if (!record || titleField === undefined) return undefined;
  const value = record[titleField];
  if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number')
    return String(value).trim();
  return undefined;
}
