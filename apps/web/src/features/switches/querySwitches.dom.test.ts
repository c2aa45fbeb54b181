import { describe, expect, it } from 'vitest';
import { DEFAULT_SWITCHES, isSwitchKey, parseQuerySwitches, resolveSwitches } from './querySwitches.ts';
import { readStoredSwitches, rememberSwitches, switchStorageKey } from './switchStorage.ts';

describe('parseQuerySwitches', () => {
  it('reads keys and values case-insensitively', () => {
    expect(parseQuerySwitches('?HideMenu=TRUE&hideHeader=1&hidefilters=True')).toEqual({
      hidemenu: true,
      hideheader: true,
      hidefilters: true,
    });
  });

  it('switches off for any value other than true or 1', () => {
    expect(parseQuerySwitches('hidemenu=false&hideactions=0&hideexport=yes&ignorestate=')).toEqual({
      hidemenu: false,
      hideactions: false,
      hideexport: false,
      ignorestate: false,
    });
  });

  it('reads the list switches and ignores filters and preset keys', () => {
    expect(parseQuerySwitches('compactview=1&paging=false&pageitems=50&preset=mine&name=abc')).toEqual({
      compactview: true,
      paging: false,
      pageitems: 50,
    });
  });

  it('drops a page size that is not a positive whole number', () => {
    expect(parseQuerySwitches('pageitems=abc')).toEqual({});
    expect(parseQuerySwitches('pageitems=-5')).toEqual({});
    expect(parseQuerySwitches('pageitems=2.5')).toEqual({});
  });

  it('knows its keys whatever their case', () => {
    expect(isSwitchKey('PageItems')).toBe(true);
    expect(isSwitchKey('hideColumnToggle')).toBe(true);
    expect(isSwitchKey('name')).toBe(false);
  });
});

describe('resolveSwitches', () => {
  it('defaults everything to false except paging', () => {
    expect(resolveSwitches({})).toEqual(DEFAULT_SWITCHES);
    expect(DEFAULT_SWITCHES.paging).toBe(true);
    expect(resolveSwitches({ hidemenu: true }).hidemenu).toBe(true);
  });
});

describe('switch storage', () => {
  it('keeps switches per host and merges new URLs over them', () => {
    rememberSwitches(sessionStorage, 'a.test', '?hidemenu=true');
    expect(rememberSwitches(sessionStorage, 'a.test', '?hideheader=1')).toEqual({
      hidemenu: true,
      hideheader: true,
    });
    expect(rememberSwitches(sessionStorage, 'a.test', '')).toEqual({ hidemenu: true, hideheader: true });
    expect(readStoredSwitches(sessionStorage, 'b.test')).toEqual({});
  });

  it('lets a later URL switch a stored value off', () => {
    rememberSwitches(sessionStorage, 'a.test', '?hidemenu=true');
    expect(rememberSwitches(sessionStorage, 'a.test', '?hidemenu=false')).toEqual({ hidemenu: false });
  });

  it('ignores a damaged or tampered entry', () => {
    sessionStorage.setItem(switchStorageKey('a.test'), '{not json');
    expect(readStoredSwitches(sessionStorage, 'a.test')).toEqual({});
    sessionStorage.setItem(switchStorageKey('a.test'), JSON.stringify({ hidemenu: true, evil: 'x' }));
    expect(readStoredSwitches(sessionStorage, 'a.test')).toEqual({ hidemenu: true });
  });
});
