import type { Preset } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { applyIncomingPresets } from './applyIncomingPresets.ts';

const preset = (id: number, extra: Partial<Preset> = {}): Preset => ({
  id,
  name: `p${id}`,
  rightName: 'BMTools/Page/List',
  presetGroupId: 2,
  presetGroup: { id: 2, name: 'personal' },
  isInUse: false,
  latestVersion: true,
  version: 1,
  parentId: 1,
  totalItemCount: null,
  definition: '{}',
  ...extra,
});
const ids = (list: Preset[]) => list.map((p) => `${p.rightName.split('/')[1]}:${p.id}:${p.name}`);

describe('applyIncomingPresets (the client-state update rule)', () => {
  it('an incoming preset replaces the one with the same id', () => {
    const held = [preset(1, { name: 'default', parentId: null }), preset(2)];
    const next = applyIncomingPresets(held, [
      preset(1, { name: 'default', parentId: null }),
      preset(2, { name: 'renamed' }),
    ]);
    expect(ids(next)).toEqual(['Page:1:default', 'Page:2:renamed']);
  });

  it('otherwise it replaces the one with the same parent, right name and version', () => {
    const held = [preset(1, { parentId: null }), preset(5, { name: 'state', parentId: 1, version: 3 })];
    const next = applyIncomingPresets(held, [
      preset(1, { parentId: null }),
      preset(9, { name: 'state', parentId: 1, version: 3 }),
    ]);
    expect(ids(next)).toEqual(['Page:1:p1', 'Page:9:state']);
  });

  it('a different version is not the same preset: with equal counts nothing is added', () => {
    const held = [preset(1, { parentId: null }), preset(5, { version: 1 })];
    const next = applyIncomingPresets(held, [preset(1, { parentId: null }), preset(9, { version: 2 })]);
    expect(ids(next)).toEqual(['Page:1:p1', 'Page:5:p5']);
  });

  it('fewer incoming for a right removes the missing ones', () => {
    const held = [preset(1, { parentId: null }), preset(2), preset(3)];
    expect(ids(applyIncomingPresets(held, [preset(1, { parentId: null }), preset(3)]))).toEqual([
      'Page:1:p1',
      'Page:3:p3',
    ]);
  });

  it('more incoming for a right adds one new one (not a replacement of a sibling with the same parent)', () => {
    const held = [preset(1, { parentId: null }), preset(2)];
    const next = applyIncomingPresets(held, [preset(1, { parentId: null }), preset(2), preset(3), preset(4)]);
    expect(ids(next)).toEqual(['Page:1:p1', 'Page:2:p2', 'Page:3:p3']);
  });

  it('a first load of a right takes every incoming preset and leaves other rights alone', () => {
    const other = preset(50, { rightName: 'BMTools/Booking/List' });
    const next = applyIncomingPresets([other], [preset(1), preset(2), preset(3)]);
    expect(ids(next)).toEqual(['Booking:50:p50', 'Page:1:p1', 'Page:2:p2', 'Page:3:p3']);
  });

  it('a right fetched with nothing coming back loses its presets', () => {
    const other = preset(50, { rightName: 'BMTools/Booking/List' });
    expect(ids(applyIncomingPresets([preset(1), other], [], ['BMTools/Page/List']))).toEqual([
      'Booking:50:p50',
    ]);
  });

  it('carries the in-use flag of the incoming presets', () => {
    const held = [preset(1, { isInUse: true }), preset(2)];
    const next = applyIncomingPresets(held, [preset(1), preset(2, { isInUse: true })]);
    expect(next.map((p) => p.isInUse)).toEqual([false, true]);
  });
});
