/**
 * A field with a key-id companion holds the id as its value; the record's display text for it is
 * kept beside it under this key, so a lookup field can show a name before any lookup ran.
 */
export const displayKey = (mapKey: string): string => `${mapKey}__display`;
