import { describe, expect, it } from 'vitest';
import { checkRules, parseFieldRules } from './field-rules.ts';
import { presetPartProblem } from './preset-parts.ts';

describe('presetPartProblem', () => {
  it('accepts each part in the shape the screens read', () => {
    expect(
      presetPartProblem('columns', '[{"key": "id", "mapKey": "id", "column": "Id", "type": "number"}]'),
    ).toBeUndefined();
    expect(
      presetPartProblem('rowActions', '[{"type": "edit", "label": "Edit", "pageUrl": "/page/edit/{id}"}]'),
    ).toBeUndefined();
    expect(
      presetPartProblem(
        'actions',
        '{"edit": {"storedProcedure": "bm_page_save", "RedirectUrl": "/page/list"}}',
      ),
    ).toBeUndefined();
    expect(presetPartProblem('settings', '{"pageItems": 50, "compactView": true}')).toBeUndefined();
    expect(presetPartProblem('settings', '{"refreshSeconds": 3}')).toBeUndefined();
    expect(
      presetPartProblem(
        'rowActions',
        '[{"type": "post", "label": "Cancel", "pageUrl": "/api/x/{id}/cancel"}]',
      ),
    ).toBeUndefined();
    expect(presetPartProblem('tabs', '[{"Id": 1, "Name": "Page"}]')).toBeUndefined();
    expect(presetPartProblem('columns', '')).toBeUndefined();
  });

  it('says what is wrong and where', () => {
    expect(presetPartProblem('columns', '{')).toBe('Please enter valid JSON');
    expect(presetPartProblem('columns', '{"key": "id"}')).toMatch(/^Not a valid columns part/);
    expect(presetPartProblem('columns', '[{"key": "id"}]')).toMatch(/part at 0\.mapKey: /);
    expect(presetPartProblem('settings', '{"pageItems": 0}')).toMatch(/pageItems/);
    for (const seconds of ['0', '3601', '1.5'])
      expect(presetPartProblem('settings', `{"refreshSeconds": ${seconds}}`)).toMatch(/refreshSeconds/);
    expect(presetPartProblem('rowActions', '[{"type": "fly", "label": "Fly"}]')).toMatch(/at 0\.type/);
  });

  it('keeps every address within the app', () => {
    const out = '[{"type": "open", "label": "Out", "pageUrl": "https://evil.example/"}]';
    expect(presetPartProblem('rowActions', out)).toBe(
      'The row action 1 must lead within the app (a path starting with /)',
    );
    expect(
      presetPartProblem('rowActions', '[{"type": "open", "label": "Out", "pageUrl": "//evil.example"}]'),
    ).toMatch(/within the app/);
    expect(presetPartProblem('actions', '{"edit": {"RedirectUrl": "javascript:alert(1)"}}')).toMatch(
      /action edit/,
    );
  });

  it('runs as the presetpart form rule, whose message is the problem', () => {
    const rules = parseFieldRules({ validations: [{ name: 'presetpart', value: 'tabs' }] });
    expect(rules).toHaveLength(1);
    expect(checkRules(rules, '[{"Id": 1, "Name": "A"}]')).toBeUndefined();
    expect(checkRules(rules, '{"Id": 1}')).toMatch(/^Not a valid tabs part/);
    // An unknown part is no rule at all, on both sides.
    expect(parseFieldRules({ validations: [{ name: 'presetpart', value: 'nothing' }] })).toEqual([]);
  });
});
