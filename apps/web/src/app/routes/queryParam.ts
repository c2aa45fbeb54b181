/** A query parameter of the address, its name compared without case; undefined when absent or blank. */
export function queryParam(search: string, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of new URLSearchParams(search))
    if (key.toLowerCase() === wanted && value.trim()) return value.trim();
  return undefined;
}
