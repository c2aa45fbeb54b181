/**
 * A right's name in words for people: `BMTools/ReservationLog/Edit` → "Edit reservation log",
 * `ViewLocation` → "View location". The exact name is shown beside it for the administrator.
 */
const words = (part: string): string[] =>
  part
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean);

export function plainRightName(right: string): string {
  const parts = right.split('/').filter((part) => part !== '' && part !== 'BMTools');
  const action = parts.length > 1 ? parts.pop() : undefined;
  const all = [...(action ? words(action) : []), ...parts.flatMap(words)];
  if (all.length === 0) return right;
  const [first = '', ...rest] = all;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest.map((w) => w.toLowerCase())].join(' ');
}
