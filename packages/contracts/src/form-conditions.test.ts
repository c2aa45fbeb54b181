import { describe, expect, it } from 'vitest';
import { conditionScope, isFieldShown, mustClearField, rulesInForm } from './form-conditions.ts';

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
