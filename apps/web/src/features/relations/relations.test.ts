import { type AppRoute, entityRoutes, type Preset, type PresetGroup } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { fieldLinkOf, linkOf, referenceLinks, referencePath } from '../grid/referenceLinks.ts';
import { relatedCriteria } from '../list/useListController.ts';
import { relatedCreatePath, relatedPreset, shownRelated } from './RelatedLists.tsx';

const table: AppRoute[] = [
  ...entityRoutes({
    segment: 'booking',
    entity: 'Booking',
    actions: ['List', 'View'],
    related: [{ listPath: '/charge/list', idKey: 'bookingId', label: 'Charges', singular: 'Charge' }],
  }),
  ...entityRoutes({
    segment: 'charge',
    entity: 'Charge',
    actions: ['List', 'View', 'Create'],
    references: [{ field: 'bookingNumber', idKey: 'bookingId', viewPath: '/booking/view/:id' }],
  }),
];
const chargeList = table.find((r) => r.pattern === '/charge/list') as AppRoute;

describe('reference links', () => {
  it('link a field to the other record’s view only for someone who may open it', () => {
    const held = referenceLinks(chargeList.references, table, new Set(['BMTools/Booking/View']));
    expect(held.get('bookingNumber')).toEqual({ idKey: 'bookingId', viewPath: '/booking/view/:id' });
    expect(referenceLinks(chargeList.references, table, new Set(['BMTools/Charge/List'])).size).toBe(0);
    // A view whose default preset is missing opens nothing, so nothing links to it.
    const dead = table.map((r) =>
      r.kind === 'view' && r.pattern === '/booking/view/:id' ? { ...r, hasPreset: false } : r,
    );
    expect(referenceLinks(chargeList.references, dead, new Set(['BMTools/Booking/View'])).size).toBe(0);
  });

  it('lead to the row’s record, and nowhere when the row names none', () => {
    const link = { idKey: 'bookingId', viewPath: '/booking/view/:id' };
    expect(linkOf(link, { bookingId: 42 })).toBe('/booking/view/42');
    expect(linkOf(link, { bookingId: '7' })).toBe('/booking/view/7');
    expect(linkOf(link, { bookingId: null })).toBeUndefined();
    expect(linkOf(link, { bookingId: '' })).toBeUndefined();
    expect(linkOf(undefined, { bookingId: 1 })).toBeUndefined();
    expect(referencePath('/booking/view/:id', 'a/b')).toBe('/booking/view/a%2Fb');
  });

  it('find a view field’s link by the field, or by the field editing the id', () => {
    const links = new Map([['bookingNumber', { idKey: 'bookingId', viewPath: '/booking/view/:id' }]]);
    expect(
      fieldLinkOf(links, { key: 'bookingNumber', mapKey: 'bookingNumber', mapKeyId: 'bookingId' }),
    ).toBeDefined();
    expect(fieldLinkOf(links, { key: 'bookingId', mapKey: 'bookingId' })).toBeDefined();
    expect(fieldLinkOf(links, { key: 'amount', mapKey: 'amount' })).toBeUndefined();
  });
});

describe('related lists', () => {
  const related = table.find((r) => r.kind === 'view' && r.pattern === '/booking/view/:id')?.related ?? [];

  it('show only where the List right is held, with Create where its right is too', () => {
    expect(shownRelated(related, table, new Set(['BMTools/Booking/View']))).toEqual([]);
    const listOnly = shownRelated(related, table, new Set(['BMTools/Charge/List']));
    expect(listOnly.map((s) => [s.list.pattern, s.create])).toEqual([['/charge/list', undefined]]);
    const both = shownRelated(related, table, new Set(['BMTools/Charge/List', 'BMTools/Charge/Create']));
    expect(both[0]?.create?.pattern).toBe('/charge/create');
  });

  it('create a record referring to this one, coming back to its view', () => {
    const create = table.find((r) => r.pattern === '/charge/create') as AppRoute;
    expect(relatedCreatePath(create, 'bookingId', 42, '/booking/view/42')).toBe(
      '/charge/create?bookingId=42&redirecturl=%2Fbooking%2Fview%2F42',
    );
  });

  it('keep the rows to the record’s own, over any filter the user set on that column', () => {
    const columns = [
      { key: 'amount', mapKey: 'amount', column: 'Amount', type: 'decimal' as const, visible: true },
    ];
    const user = { amount: [{ conjunction: 'and' as const, operator: 'gt', value: '10' }] };
    expect(relatedCriteria(columns, user, 'bookingId', '42')).toEqual({
      and: [
        { operation: 'gt', name: 'amount', type: 'number', value: '10' },
        { operation: 'eq', name: 'bookingId', type: 'number', value: '42' },
      ],
    });
    expect(
      relatedCriteria(
        columns,
        { bookingId: [{ conjunction: 'and', operator: 'eq', value: '1' }] },
        'bookingId',
        '42',
      ),
    ).toEqual({ operation: 'eq', name: 'bookingId', type: 'number', value: '42' });
    expect(relatedCriteria(columns, {}, undefined, undefined)).toBeUndefined();
  });
});

describe('the preset a related list opens with', () => {
  const preset = (
    id: number,
    name: string,
    group: [number, string],
    extra: Partial<Preset> = {},
  ): Preset => ({
    id,
    name,
    rightName: 'BMTools/Charge/List',
    presetGroupId: group[0],
    presetGroup: { id: group[0], name: group[1] },
    isInUse: false,
    latestVersion: true,
    version: 1,
    parentId: null,
    totalItemCount: null,
    definition: '{}',
    ...extra,
  });
  const def = preset(1, 'default', [1, 'default']);
  const state = preset(2, 'state', [1, 'default']);
  const groups: PresetGroup[] = [
    { id: 2, name: 'personal', read: true, write: true, edit: true, delete: true },
  ];

  it('is the one the person uses on that list, as the list page opens it', () => {
    const mine = preset(3, 'Open charges', [2, 'personal'], { isInUse: true });
    expect(relatedPreset([def, state, mine], groups)?.id).toBe(3);
    // The working view, when it is the one in use, as on the list page.
    expect(relatedPreset([def, { ...state, isInUse: true }], groups)?.id).toBe(2);
  });

  it('is the default when the person uses none, and none without a default', () => {
    expect(relatedPreset([def, state, preset(3, 'Open charges', [2, 'personal'])], groups)?.id).toBe(1);
    expect(
      relatedPreset([preset(3, 'Open charges', [2, 'personal'], { isInUse: true })], groups),
    ).toBeUndefined();
  });
});
