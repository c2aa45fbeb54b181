/**
 * How the user has laid out a grid's columns: their order, the ones pinned to the left, and the
 * bounds of a column's width.
 */

/** At most this many columns are pinned, so the pinned part never fills the grid. */
export const MAX_PINNED = 3;
export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 800;

/** The columns in the user's order, pinned ones first. */
export function arrangedColumns<C extends { key: string }>(
  columns: readonly C[],
  order: readonly string[],
  pinned: readonly string[],
): C[] {
  const rank = new Map(order.map((key, i) => [key, i]));
  const sorted = [...columns].sort((a, b) => (rank.get(a.key) ?? 1e9) - (rank.get(b.key) ?? 1e9));
  const first = pinned.flatMap((key) => sorted.filter((c) => c.key === key));
  return [...first, ...sorted.filter((c) => !pinned.includes(c.key))];
}
