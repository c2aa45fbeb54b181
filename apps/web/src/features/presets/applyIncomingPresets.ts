/**
 * The client-state update rule for presets, as written: an incoming
 * preset replaces the held one with the same id; otherwise it replaces one with the same parent,
 * right name and version (one the incoming list no longer names by id). If fewer presets come in
 * for a right than are held, the missing ones are removed; if more come in, one new one is added.
 * A right with nothing held yet takes the incoming list whole (a first load, not an update).
 * Only the rights named (by default those of the incoming presets) are touched: a right fetched
 * with nothing coming back loses its presets; other rights are left alone.
 */
import type { Preset } from '@bm/contracts';

const sameLineage = (a: Preset, b: Preset): boolean =>
  a.parentId === b.parentId && a.rightName === b.rightName && a.version === b.version;

function applyForRight(held: readonly Preset[], incoming: readonly Preset[]): Preset[] {
  // Nothing held yet for the right: this is its first load, not an update.
  if (held.length === 0) return [...incoming];
  const result = [...held];
  const placed = new Set<Preset>();
  const incomingIds = new Set(incoming.map((p) => p.id));
  const replaced = new Set<number>();

  for (const preset of incoming) {
    const index = result.findIndex((h) => h.id === preset.id);
    if (index < 0) continue;
    result[index] = preset;
    placed.add(preset);
    replaced.add(index);
  }
  for (const preset of incoming) {
    if (placed.has(preset)) continue;
    const index = result.findIndex(
      (h, i) => !replaced.has(i) && !incomingIds.has(h.id) && sameLineage(h, preset),
    );
    if (index < 0) continue;
    result[index] = preset;
    placed.add(preset);
    replaced.add(index);
  }

  if (incoming.length < held.length) return result.filter((p) => incoming.includes(p));
  if (incoming.length > held.length) {
    const added = incoming.find((p) => !placed.has(p));
    if (added) result.push(added);
  }
  return result;
}

export function applyIncomingPresets(
  held: readonly Preset[],
  incoming: readonly Preset[],
  rights: readonly string[] = [...new Set(incoming.map((p) => p.rightName))],
): Preset[] {
  let next = [...held];
  for (const right of rights) {
    const heldForRight = next.filter((p) => p.rightName === right);
    const updated = applyForRight(
      heldForRight,
      incoming.filter((p) => p.rightName === right),
    );
    next = [...next.filter((p) => p.rightName !== right), ...updated];
  }
  return next;
}
