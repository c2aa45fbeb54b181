import type { FormFieldSpec } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRESETS } from '../../catalog/presets/default-presets.ts';
import { lookupOf } from './check-values.ts';
import { checkField, fixedOptionsOf, isListType, serverRulesOf } from './field-rules.ts';

describe('checkField', () => {
  it('reads bounds written in the pipe format', () => {
    const spec = {
      type: 'text' as const,
      validations: 'required|minlength:3|maxlength:5',
      validationMessages: 'Needed|Too short|Too long',
    };
    expect(checkField(spec, 'text', '')).toEqual({ ok: false, message: 'Needed' });
    expect(checkField(spec, 'text', 'ab')).toEqual({ ok: false, message: 'Too short' });
    expect(checkField(spec, 'text', 'abcdef')).toEqual({ ok: false, message: 'Too long' });
    expect(checkField(spec, 'text', 'abcd')).toEqual({ ok: true, value: 'abcd' });
  });

  it('accepts an autocomplete id or text, nothing else', () => {
    expect(checkField({ type: 'autocomplete' }, 'text', 42)).toEqual({ ok: true, value: 42 });
    expect(checkField({ type: 'autocomplete' }, 'text', 'Berlin')).toEqual({ ok: true, value: 'Berlin' });
    expect(checkField({ type: 'autocomplete' }, 'text', { id: 1 })).toEqual({
      ok: false,
      message: 'Must be text',
    });
  });

  it('applies the spec patterns', () => {
    expect(
      checkField(
        { type: 'text', validations: [{ name: 'specialchars', message: 'No specials' }] },
        'text',
        'a<b',
      ),
    ).toEqual({
      ok: false,
      message: 'No specials',
    });
    expect(checkField({ type: 'text', validations: [{ name: 'letters' }] }, 'text', 'Zürich Nord').ok).toBe(
      true,
    );
    expect(checkField({ type: 'text', validations: [{ name: 'email' }] }, 'text', 'not-an-email').ok).toBe(
      false,
    );
    expect(checkField({ type: 'jsoncode', validations: [{ name: 'json' }] }, 'text', '{"a":').ok).toBe(false);
    expect(checkField({ type: 'boolean', validations: [{ name: 'checked' }] }, 'boolean', false).ok).toBe(
      false,
    );
  });

  it('sends empty non-text values as null and sanitises HTML', () => {
    expect(checkField({ type: 'number' }, 'number', '')).toEqual({ ok: true, value: null });
    expect(checkField({ type: 'htmleditor' }, 'text', '<b onclick="x()">hi</b>')).toEqual({
      ok: true,
      value: '<b>hi</b>',
    });
  });

  it('reads the server-only rules a spec names, in both formats', () => {
    expect(
      serverRulesOf({ validations: [{ name: 'OpenAPI ', message: 'Not OpenAPI' }, { name: 'required' }] }),
    ).toEqual([{ name: 'openapi', message: 'Not OpenAPI' }]);
    expect(
      serverRulesOf({ validations: 'required|openapi', validationMessages: 'Needed|Not OpenAPI' }),
    ).toEqual([{ name: 'openapi', message: 'Not OpenAPI' }]);
    // The shared rule engine does not know it, so the browser never runs it.
    expect(checkField({ type: 'yamlcode', validations: 'openapi' }, 'text', '{"a": }').ok).toBe(true);
  });
});

// The server's value checks against every select the catalogue ships: a select the server cannot
// check would refuse (or wave through) what its form offers.
describe('the shipped presets', () => {
  it('every shipped select field has a list the server can check values against', () => {
    let selects = 0;
    for (const preset of DEFAULT_PRESETS) {
      for (const column of preset.definition.definition) {
        for (const kind of ['edit', 'create', 'bulkupdate'] as const) {
          const spec = column[kind] as FormFieldSpec | undefined;
          if (!spec || !isListType(spec.type ?? column.type)) continue;
          selects++;
          const where = `${preset.rightName} ${column.mapKey} (${kind})`;
          expect(fixedOptionsOf(spec) !== undefined || lookupOf(spec.source) !== undefined, where).toBe(true);
        }
      }
    }
    expect(selects).toBeGreaterThan(0);
  });
});
