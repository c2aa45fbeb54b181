import { describe, expect, it } from 'vitest';
import { pruneSignInRecords, userStorageKey } from './pruneSignInRecords.ts';

const current = userStorageKey('http://localhost:3000/oidc', 'bm-tools-spa');
const state = (created: number): string => JSON.stringify({ id: 'x', created, code_verifier: 'v' });

describe('pruneSignInRecords', () => {
  it('keeps the current user and the newest pending sign-in', () => {
    localStorage.setItem(current, '{"access_token":"t"}');
    localStorage.setItem('oidc.user:http://old/oidc:bm-tools-spa', '{}');
    localStorage.setItem('oidc.aaa', state(100));
    localStorage.setItem('oidc.bbb', state(300));
    localStorage.setItem('oidc.ccc', state(200));
    localStorage.setItem('oidc.broken', '{nope');
    localStorage.setItem('mantine-color-scheme-value', 'dark');

    const removed = pruneSignInRecords(localStorage, current);

    expect(removed.sort()).toEqual(
      ['oidc.aaa', 'oidc.broken', 'oidc.ccc', 'oidc.user:http://old/oidc:bm-tools-spa'].sort(),
    );
    expect(localStorage.getItem(current)).not.toBeNull();
    expect(localStorage.getItem('oidc.bbb')).not.toBeNull();
    expect(localStorage.getItem('mantine-color-scheme-value')).toBe('dark');
  });

  it('leaves a single record alone', () => {
    localStorage.setItem('oidc.only', state(1));
    expect(pruneSignInRecords(localStorage, current)).toEqual([]);
    expect(localStorage.getItem('oidc.only')).not.toBeNull();
  });
});
