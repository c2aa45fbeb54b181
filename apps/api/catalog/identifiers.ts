/**
 * SQL identifiers of the catalogue: tables, views, columns and procedures are plain names (a letter
 * or `_`, then letters, digits or `_`, at most 63 bytes), quoted wherever SQL text is made from them
 * (the generated area SQL here, the list, record and lookup queries of the server).
 */

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** Quotes a catalogue identifier; anything unexpected is a programming error, never user input. */
export function quoteIdent(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Invalid catalogue identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}
