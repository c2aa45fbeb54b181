import { describe, expect, it } from 'vitest';
import { HttpError } from './HttpError.ts';
import {
  columnLabels,
  FORBIDDEN_MESSAGE,
  plainErrorMessage,
  SERVER_FAULT_MESSAGE,
  TIMEOUT_MESSAGE,
  UNREACHABLE_MESSAGE,
  withLabels,
} from './plainError.ts';

const labels = columnLabels([
  { key: 'total', mapKey: 'totalPrice', column: 'Total' },
  { key: 'status', mapKey: 'status', column: 'Status' },
]);

describe('plainErrorMessage', () => {
  it('never shows the browser’s own network text', () => {
    expect(plainErrorMessage(new TypeError('Failed to fetch'))).toBe(UNREACHABLE_MESSAGE);
    expect(plainErrorMessage(new HttpError('Failed to fetch', '/x', 'GET'))).toBe(UNREACHABLE_MESSAGE);
    expect(
      plainErrorMessage(new HttpError('NetworkError when attempting to fetch resource.', '/x', 'GET')),
    ).toBe(UNREACHABLE_MESSAGE);
  });

  it('says a timeout is one', () => {
    expect(plainErrorMessage(new HttpError('Timeout', '/x', 'GET'))).toBe(TIMEOUT_MESSAGE);
  });

  it('hides a server fault’s text and a refusal’s details', () => {
    const fault = new HttpError('relation "x" does not exist', '/x', 'GET', 500, {
      message: 'relation "x" does not exist',
    });
    expect(plainErrorMessage(fault)).toBe(SERVER_FAULT_MESSAGE);
    expect(plainErrorMessage(new HttpError('Forbidden', '/x', 'GET', 403))).toBe(FORBIDDEN_MESSAGE);
  });

  it('shows our own 4xx message with column labels instead of keys', () => {
    const error = new HttpError('x', '/x', 'GET', 400, {
      message: 'sort: column totalPrice cannot be sorted',
    });
    expect(plainErrorMessage(error, labels)).toBe('Column “Total” cannot be sorted');
    const quoted = new HttpError('filters: unknown type "x" on status', '/x', 'GET', 400);
    expect(plainErrorMessage(quoted, labels)).toBe('Unknown type "x" on “Status”');
  });
});

describe('withLabels', () => {
  it('replaces whole keys only, the longest first', () => {
    const both = new Map([
      ['total', 'Total'],
      ['totalPrice', 'Total price'],
    ]);
    expect(withLabels('totalPrice and total, not subtotal', both)).toBe(
      '“Total price” and “Total”, not subtotal',
    );
    expect(withLabels('unknown column "totalPrice"', both)).toBe('unknown column “Total price”');
  });
});
