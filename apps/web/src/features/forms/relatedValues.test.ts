import { describe, expect, it } from 'vitest';
import { makeField } from '../../fields/test/renderField.tsx';
import { consequencesOf, shownFields } from './fieldConditions.ts';
import { relatedUrl, relatedValuesOf, withRelated } from './relatedValues.ts';
import { validateForm } from './validation/validateForm.ts';

const named = (mapKey: string, field: ReturnType<typeof makeField>) => ({ ...field, key: mapKey, mapKey });
const payment = named(
  'pspReference',
  makeField('autocomplete', {
    mapKeyId: 'paymentId',
    source: '/api/dropdowns/card-payments',
    valueFieldName: 'id',
    related: 'payment',
  }),
);
const amount = named(
  'amount',
  makeField('decimal', {
    validations: [
      {
        name: 'max',
        value: '{payment.amount}',
        message: "At most the payment's ({payment.amount} {payment.currency})",
      },
    ],
  }),
);
const reasonCode = named(
  'reasonCode',
  makeField('combobox', {
    source: '/api/dropdowns/chargeback-reasons',
    sourceParams: { scheme: '{payment.scheme}' },
  }),
);
const fields = [payment, amount, reasonCode];
const related = relatedValuesOf([payment], [{ id: 7, amount: '120.00', currency: 'EUR', scheme: 'Visa' }]);

describe('related records (ADR 0027)', () => {
  it("reads the picked row through the field's own lookup, by its value column", () => {
    expect(relatedUrl(payment, 7)).toBe('/api/dropdowns/card-payments?id=7&pageSize=1');
    expect(relatedUrl(payment, null)).toBeUndefined();
    expect(relatedUrl(payment, '')).toBeUndefined();
  });

  it('holds the row beside the values, never in them', () => {
    const values = { pspReference: 7, amount: 130 };
    const merged = withRelated(values, related);
    expect(merged).toMatchObject({ amount: 130, 'payment.amount': '120.00', 'payment.scheme': 'Visa' });
    expect(values).toEqual({ pspReference: 7, amount: 130 });
    expect(withRelated(values, {})).toBe(values);
  });

  it('bounds the amount by the payment, in words naming it, once the payment is known', () => {
    expect(validateForm(fields, withRelated({ pspReference: 7, amount: 130 }, related)).errors).toEqual({
      amount: "At most the payment's (120.00 EUR)",
    });
    expect(validateForm(fields, withRelated({ pspReference: 7, amount: 120 }, related)).errors).toEqual({});
    // Not known yet: the form leaves the bound to the server.
    expect(validateForm(fields, { pspReference: 7, amount: 130 }).errors).toEqual({});
    const shown = shownFields(fields, withRelated({ pspReference: 7 }, related));
    expect(shown[1]?.rules).toEqual([
      expect.objectContaining({ name: 'max', limit: 120, message: "At most the payment's (120.00 EUR)" }),
    ]);
  });

  it('empties a lookup filtered by the payment when another payment is picked', () => {
    const values = withRelated({ pspReference: 8, reasonCode: '13.1', amount: 5 }, related);
    expect(consequencesOf(fields, payment, values)).toMatchObject({ reasonCode: null });
    expect(consequencesOf(fields, amount, values)).toEqual({});
  });
});
