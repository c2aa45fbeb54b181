import { describe, expect, it } from 'vitest';
import { queueCommandOf } from './queueKeys.ts';

const press = (key: string, target: EventTarget | null = null, mods: Partial<{ ctrlKey: boolean }> = {}) =>
  queueCommandOf({ key, altKey: false, ctrlKey: false, metaKey: false, target, ...mods });

describe('queue keys', () => {
  it('maps Enter and 1–5, B, D, S, → and U', () => {
    expect(press('Enter')).toEqual({ type: 'map', index: 0 });
    expect(press('3')).toEqual({ type: 'map', index: 2 });
    expect(press('6')).toBeUndefined();
    expect(press('b')).toEqual({ type: 'blacklist' });
    expect(press('D')).toEqual({ type: 'disable' });
    expect(press('s')).toEqual({ type: 'skip' });
    expect(press('ArrowRight')).toEqual({ type: 'skip' });
    expect(press('u')).toEqual({ type: 'undo' });
  });

  it('leaves keys in fields, on buttons, in dialogs and with modifiers alone', () => {
    const input = document.createElement('input');
    const button = document.createElement('button');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inside = document.createElement('span');
    dialog.append(inside);
    expect(press('Enter', input)).toBeUndefined();
    expect(press('Enter', button)).toBeUndefined();
    expect(press('u', inside)).toBeUndefined();
    expect(press('u', null, { ctrlKey: true })).toBeUndefined();
  });
});
