import type { RowAction } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import {
  actionTarget,
  actionUrl,
  clickAction,
  fillMessage,
  fillTemplate,
  permittedActions,
  rightPrefixOf,
  visibleRowActions,
} from './rowActions.ts';

const actions: RowAction[] = [
  { type: 'delete', label: 'Delete', order: 3, visibleWhen: "status != 'confirmed'" },
  { type: 'view', label: 'View', order: 1, pageUrl: '/booking/view/{id}', columnKey: 'id', fixed: true },
  { type: 'getMap', label: 'Get Map', order: 2, pageUrl: '/booking/{id}/getmap' },
  { type: 'open', label: 'Open', order: 4, pageUrl: '/x?code={code}&name={name}' },
];
const all = new Set(['BMTools/Booking/View', 'BMTools/Booking/GetMap', 'BMTools/Booking/Delete']);
const context = { rights: all, rightPrefix: 'BMTools/Booking', hideActions: false };

describe('row actions', () => {
  it('reads a right spelled otherwise, and an action to another screen needs that screen', () => {
    const place: RowAction[] = [
      { type: 'view', label: 'View', order: 1, pageUrl: '/place/view/{id}' },
      { type: 'locationKeyword', label: 'Keywords', order: 2, pageUrl: '/word/list?placeId={id}' },
    ];
    const screenRightOf = (url: string) => (url.startsWith('/word/') ? 'BMTools/Word/List' : undefined);
    const base = { rightPrefix: 'BMTools/Place', hideActions: false, screenRightOf };
    const labels = (rights: string[]) =>
      permittedActions(place, { ...base, rights: new Set(rights), rightOf: { View: 'ViewPlace' } }).map(
        (a) => a.label,
      );
    expect(labels(['ViewPlace', 'BMTools/Word/List'])).toEqual(['View', 'Keywords']);
    expect(labels(['BMTools/Place/View'])).toEqual([]);
  });

  it('derives the right prefix from the list right', () => {
    expect(rightPrefixOf('BMTools/Page/List')).toBe('BMTools/Page');
  });

  it('orders by order and keeps only actions the user has the right for', () => {
    expect(permittedActions(actions, context).map((a) => a.label)).toEqual([
      'View',
      'Get Map',
      'Delete',
      'Open',
    ]);
    const viewer = { ...context, rights: new Set(['BMTools/Booking/View']) };
    expect(permittedActions(actions, viewer).map((a) => a.label)).toEqual(['View', 'Open']);
  });

  it('shows none when actions are hidden', () => {
    expect(permittedActions(actions, { ...context, hideActions: true })).toEqual([]);
  });

  it('applies each visibility condition to the row', () => {
    const permitted = permittedActions(actions, context);
    const labels = (row: Record<string, unknown>) => visibleRowActions(permitted, row).map((a) => a.label);
    expect(labels({ id: 1, status: 'confirmed' })).toEqual(['View', 'Get Map', 'Open']);
    expect(labels({ id: 1, status: 'pending' })).toEqual(['View', 'Get Map', 'Delete', 'Open']);
  });

  it('keeps only fixed actions on frozen rows', () => {
    const permitted = permittedActions(actions, context);
    expect(visibleRowActions(permitted, { id: 1, isLocked: true }, 'isLocked').map((a) => a.label)).toEqual([
      'View',
    ]);
    expect(visibleRowActions(permitted, { id: 1, isLocked: false }, 'isLocked')).toHaveLength(4);
    expect(visibleRowActions(permitted, { id: 1, isLocked: 'true' }, 'isLocked')).toHaveLength(4);
  });

  it('runs the first visible action on row click unless hidden or disabledClick', () => {
    const visible = permittedActions(actions, context);
    expect(clickAction(visible, { id: 1 }, false)?.label).toBe('View');
    expect(clickAction(visible, { id: 1, disabledClick: true }, false)).toBeUndefined();
    expect(clickAction(visible, { id: 1 }, true)).toBeUndefined();
    expect(clickAction([], { id: 1 }, false)).toBeUndefined();
  });

  it('never runs a post action on row click: it changes the record', () => {
    const post: RowAction = { type: 'post', label: 'Cancel', order: 0, pageUrl: '/api/x/{id}/cancel' };
    const download: RowAction = { type: 'download', label: 'Download', order: 1, pageUrl: '/api/x?id={id}' };
    expect(clickAction([post], { id: 1 }, false)).toBeUndefined();
    expect(clickAction([post, download], { id: 1 }, false)?.label).toBe('Download');
  });

  it('fills page URLs from the row, encoded', () => {
    const [, view, , open] = actions as [RowAction, RowAction, RowAction, RowAction];
    expect(actionUrl(view, { id: 42 }, 'id', 'booking')).toBe('/booking/view/42');
    expect(fillTemplate(open.pageUrl ?? '', { code: 'a&b', name: 'x y' }, 1)).toBe(
      '/x?code=a%26b&name=x%20y',
    );
    expect(fillTemplate('/p/{__proto__}/{constructor}', {}, 1)).toBe('/p//');
    expect(fillTemplate('/map/{columnKey}', { code: 'R-1' }, 'R-1')).toBe('/map/R-1');
    expect(actionUrl({ type: 'edit', label: 'Edit', order: 1 }, { id: 9 }, 'id', 'page')).toBe(
      '/page/edit/9',
    );
    expect(actionUrl({ type: 'delete', label: 'Delete', order: 1 }, { id: 9 }, 'id', 'page')).toBeUndefined();
  });

  it('fills the id into confirmation messages', () => {
    expect(fillMessage('Do you want to delete this item id {{id}}', 12)).toBe(
      'Do you want to delete this item id 12',
    );
  });
});

describe('where a row action may lead', () => {
  const APP = 'https://console.example';
  const ALLOWED = ['https://partner.example'];

  it('follows in-app paths and our own absolute URLs as paths', () => {
    expect(actionTarget('/page/view/5', APP, ALLOWED)).toEqual({ kind: 'path', path: '/page/view/5' });
    expect(actionTarget(`${APP}/page/view/5?x=1`, APP, ALLOWED)).toEqual({
      kind: 'path',
      path: '/page/view/5?x=1',
    });
  });

  it('opens a URL of an allowed redirect origin', () => {
    expect(actionTarget('https://partner.example/booking/5', APP, ALLOWED)).toEqual({
      kind: 'external',
      url: 'https://partner.example/booking/5',
    });
  });

  it('refuses other origins, scripts and protocol-relative addresses', () => {
    for (const url of [
      'https://evil.example/5',
      'javascript:alert(1)',
      '//evil.example/5',
      '/\\evil.example/5',
      'data:text/html,x',
    ]) {
      expect(actionTarget(url, APP, ALLOWED), url).toBeUndefined();
    }
  });

  it('keeps row values from turning a template into another origin', () => {
    const url = actionUrl(
      { type: 'open', label: 'Open', order: 1, pageUrl: '{link}' },
      { id: 1, link: 'https://evil.example' },
      'id',
      'x',
    );
    expect(url).toBe('https%3A%2F%2Fevil.example');
    expect(actionTarget(url ?? '', APP, ALLOWED)).toEqual({
      kind: 'path',
      path: 'https%3A%2F%2Fevil.example',
    });
  });
});

describe('map actions', () => {
  const map = [
    { type: 'mapThis', label: 'Map This', order: 1, visibleWhen: '!isMapped' },
    { type: 'unMap', label: 'Un Map', order: 2, visibleWhen: 'isMapped' },
    { type: 'ignore', label: 'Add to blacklist', order: 3 },
  ] as RowAction[];

  it('need the Map right of the map list', () => {
    const context = {
      rights: new Set(['BMTools/Booking/GetMap']),
      rightPrefix: 'BMTools/Booking',
      hideActions: false,
    };
    expect(permittedActions(map, context)).toEqual([]);
    const mapper = { ...context, rights: new Set(['BMTools/Booking/GetMap', 'BMTools/Booking/Map']) };
    expect(permittedActions(map, mapper).map((a) => a.label)).toEqual([
      'Map This',
      'Un Map',
      'Add to blacklist',
    ]);
  });

  it('show Map This or Un Map, whichever applies, and are never run by a row click', () => {
    expect(visibleRowActions(map, { isMapped: false }).map((a) => a.label)).toEqual([
      'Map This',
      'Add to blacklist',
    ]);
    expect(visibleRowActions(map, { isMapped: true }).map((a) => a.label)).toEqual([
      'Un Map',
      'Add to blacklist',
    ]);
    expect(clickAction(visibleRowActions(map, { isMapped: false }), {}, false)).toBeUndefined();
  });
});
