import { exportCriteriaSchema, type Filter } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { arrangedColumns } from '../grid/columnLayout.ts';
import {
  browserTimeZone,
  defaultExportName,
  type ExportListView,
  exportCriteria,
  exportSendBody,
} from './exportPayload.ts';

const columns = [
  { key: 'id', mapKey: 'id', column: 'Id' },
  { key: 'number', mapKey: 'reservationNumber', column: 'Number' },
  { key: 'customer', mapKey: 'customerName', column: 'Customer' },
  { key: 'total', mapKey: 'totalPrice', column: 'Total' },
  { key: 'notes', mapKey: 'notes', column: '  ' },
];
const filters: Filter = { name: 'customerName', type: 'text', operation: 'contains', value: 'Rossi' };

const view = (extra: Partial<ExportListView> = {}): ExportListView => ({
  source: '/api/Reservations',
  // The user moved Total before Customer and pinned Number: the grid shows Number, Id, Total, Customer.
  columns: arrangedColumns(columns, ['id', 'number', 'total', 'customer', 'notes'], ['number']),
  visibility: { id: true, number: true, customer: true, total: true, notes: false },
  sort: ['totalPrice=DESC'],
  filters,
  ...extra,
});

describe('exportCriteria', () => {
  it('lists the visible columns in the grid order, pinned first, with their headers', () => {
    expect(exportCriteria(view(), 'Europe/Rome').selector).toEqual([
      { field: 'reservationNumber', label: 'Number' },
      { field: 'id', label: 'Id' },
      { field: 'totalPrice', label: 'Total' },
      { field: 'customerName', label: 'Customer' },
    ]);
  });

  it('counts a column the visibility does not name as shown, and labels a headerless one by its key', () => {
    const selector = exportCriteria(view({ visibility: { id: false } }), undefined).selector;
    expect(selector.map((c) => c.field)).toEqual([
      'reservationNumber',
      'totalPrice',
      'customerName',
      'notes',
    ]);
    expect(selector.at(-1)).toEqual({ field: 'notes', label: 'notes' });
  });

  it('gives a tag column its labels, so the file says what the grid says', () => {
    const tagged = [
      ...columns,
      {
        key: 'status',
        mapKey: 'status',
        column: 'Status',
        tags: { done: { color: 'green', label: 'Ready' }, failed: { color: 'red', label: 'Failed' } },
      },
    ];
    const selector = exportCriteria(view({ columns: tagged, visibility: {} }), undefined).selector;
    expect(selector.at(-1)).toEqual({
      field: 'status',
      label: 'Status',
      labels: { done: 'Ready', failed: 'Failed' },
    });
  });

  it('carries the source, the sort and filters as the list call sends them, and the time zone', () => {
    const criteria = exportCriteria(view(), 'Europe/Rome');
    expect(criteria).toMatchObject({
      source: '/api/Reservations',
      sort: ['totalPrice=DESC'],
      filter: filters,
      timeZone: 'Europe/Rome',
    });
    expect(exportCriteriaSchema.parse(criteria)).toEqual(criteria);
  });

  it('carries the search box text with the filters, so the file holds the rows the list shows', () => {
    const criteria = exportCriteria(view({ search: 'smith' }), undefined);
    expect(criteria).toMatchObject({ filter: filters, search: 'smith' });
    expect(exportCriteriaSchema.parse(criteria)).toEqual(criteria);
    expect(exportCriteria(view({ search: '' }), undefined)).not.toHaveProperty('search');
  });

  it('leaves out what the list does not have', () => {
    const criteria = exportCriteria(view({ filters: undefined, sort: [] }), undefined);
    expect(criteria).not.toHaveProperty('filter');
    expect(criteria).not.toHaveProperty('timeZone');
    expect(criteria).not.toHaveProperty('sqlViewName');
    expect(criteria.sort).toEqual([]);
    expect(
      exportCriteria(view({ sqlViewName: 'v_reservations', databaseName: 'main' }), undefined),
    ).toMatchObject({ sqlViewName: 'v_reservations', databaseName: 'main' });
  });
});

describe('exportSendBody', () => {
  it('names the procedure and sends the final file name, the criteria as JSON and the page name', () => {
    const body = exportSendBody('  reservations ', view(), 'Reservations', 'Europe/Rome');
    expect(body.storeProcedure).toBe('bm_export_send');
    expect(body.values.map((v) => v.mapkey)).toEqual(['fileName', 'criteria', 'pageName']);
    expect(body.values[0].value).toBe('reservations.xlsx');
    expect(JSON.parse(body.values[1].value)).toEqual(exportCriteria(view(), 'Europe/Rome'));
    expect(body.values[2].value).toBe('Reservations');
    expect(exportSendBody('March.XLSX', view(), 'Reservations', undefined).values[0].value).toBe(
      'March.XLSX',
    );
  });
});

describe('defaultExportName', () => {
  it('is the page title and the local date, without characters a file name may not hold', () => {
    const day = new Date(2026, 10, 2, 23, 30);
    expect(defaultExportName('Reservations', day)).toBe('Reservations 2026-11-02');
    expect(defaultExportName('Price watch / merchants', day)).toBe('Price watch merchants 2026-11-02');
    expect(defaultExportName('  ', day)).toBe('2026-11-02');
  });
});

describe('browserTimeZone', () => {
  it("is the browser's IANA zone", () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
