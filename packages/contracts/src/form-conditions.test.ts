import { describe, expect, it } from 'vitest';
import {
  conditionScope,
  fillMessage,
  isFieldShown,
  mustClearField,
  relatedScope,
  resolvedSourceParams,
  rulesInForm,
} from './form-conditions.ts';

const typeField = { mapKey: 'locationTypeName', spec: { mapKeyId: 'locationTypeId' } };

describe('conditional form fields', () => {
  it('reads an id-editing field by its id key too', () => {
    const scope = conditionScope([typeField], { locationTypeName: 8, name: 'Alps' });
    expect(scope).toEqual({ locationTypeName: 8, locationTypeId: 8, name: 'Alps' });
    expect(isFieldShown({ visibleWhen: 'locationTypeId != 8' }, scope)).toBe(false);
    expect(isFieldShown({ visibleWhen: 'locationTypeId != 8' }, { locationTypeId: 4 })).toBe(true);
    expect(isFieldShown({}, {})).toBe(true);
  });

  it('keeps a caller-given __proto__ key as a key, never as a prototype', () => {
    const values = JSON.parse('{"__proto__": {"polluted": 1}, "a": 1}') as Record<string, unknown>;
    const scope = conditionScope([], values);
    expect(Object.getPrototypeOf(scope)).toBe(Object.prototype);
    expect(Object.hasOwn(scope, '__proto__')).toBe(true);
    expect(isFieldShown({ visibleWhen: 'polluted == 1' }, scope)).toBe(false);
  });

  it('adds the required rule while requiredWhen holds, and no rule while the field is hidden', () => {
    const spec = {
      requiredWhen: 'locationTypeId >= 3',
      visibleWhen: 'locationTypeId >= 2',
      validations: [{ name: 'maxlength', value: 5 }],
    };
    expect(rulesInForm(spec, { locationTypeId: 4 }).map((r) => r.name)).toEqual(['required', 'maxlength']);
    expect(rulesInForm(spec, { locationTypeId: 4 })[0]?.message).toBe('This field is required');
    expect(rulesInForm(spec, { locationTypeId: 2 }).map((r) => r.name)).toEqual(['maxlength']);
    expect(rulesInForm(spec, { locationTypeId: 1 })).toEqual([]);
    // A malformed condition never holds: the field is hidden rather than shown by mistake.
    expect(rulesInForm({ visibleWhen: 'a ==' }, {})).toEqual([]);
  });

  it('clears a field whose keepWhen fails, and only then', () => {
    const keep = { keepWhen: "officeType == 'city' && locationTypeId == 4" };
    expect(mustClearField(keep, { officeType: 'city', locationTypeId: 4 })).toBe(false);
    expect(mustClearField(keep, { officeType: 'train_station', locationTypeId: 4 })).toBe(true);
    expect(mustClearField({}, {})).toBe(false);
  });
});

describe('business rules that read other values (ADR 0027)', () => {
  const payment = relatedScope('payment', { id: 7, amount: '120.00', currency: 'EUR', scheme: 'Visa' });

  it('says the requiredMessage while requiredWhen holds', () => {
    const spec = {
      requiredWhen: "status == 'captured' || status == 'refunded'",
      requiredMessage: 'Paid at is required when the status is Captured or Refunded',
    };
    expect(rulesInForm(spec, { status: 'refunded' })).toEqual([
      { name: 'required', message: 'Paid at is required when the status is Captured or Refunded' },
    ]);
    expect(rulesInForm(spec, { status: 'authorized' })).toEqual([]);
  });

  it('reads a bound from a related record, fills its message, and leaves it out while unknown', () => {
    const spec = {
      validations: [
        { name: 'required' },
        {
          name: 'max',
          value: '{payment.amount}',
          message: "At most the payment's ({payment.amount} {payment.currency})",
        },
      ],
    };
    const rules = rulesInForm(spec, payment);
    expect(rules[1]).toMatchObject({
      name: 'max',
      limit: 120,
      message: "At most the payment's (120.00 EUR)",
    });
    expect(rulesInForm(spec, {}).map((r) => r.name)).toEqual(['required']);
    expect(rulesInForm(spec, relatedScope('payment', { amount: 'lots' })).map((r) => r.name)).toEqual([
      'required',
    ]);
  });

  it('keeps the row under dotted keys, and a __proto__ column as a key', () => {
    expect(payment).toEqual({
      'payment.id': 7,
      'payment.amount': '120.00',
      'payment.currency': 'EUR',
      'payment.scheme': 'Visa',
    });
    const odd = relatedScope('payment', JSON.parse('{"__proto__": 1}') as Record<string, unknown>);
    expect(Object.keys(odd)).toEqual(['payment.__proto__']);
  });

  it('fills messages from the scope and the value, leaving unknown tokens as written', () => {
    expect(
      fillMessage('The reason code {value} is not a {payment.scheme} reason code', payment, '4837'),
    ).toBe('The reason code 4837 is not a Visa reason code');
    expect(fillMessage('{payment.missing} and {value}', payment)).toBe('{payment.missing} and {value}');
  });

  it('resolves sourceParams from the scope, and says when a named value is missing', () => {
    expect(resolvedSourceParams({ scheme: '{payment.scheme}', pageSize: 5 }, payment)).toEqual({
      params: { scheme: 'Visa', pageSize: 5 },
      named: ['scheme'],
      missing: false,
    });
    expect(resolvedSourceParams({ scheme: '{payment.scheme}' }, {})).toEqual({
      params: {},
      named: ['scheme'],
      missing: true,
    });
  });
});
