/**
 * Browser and server must judge a form value alike. One table of rule texts × values runs through
 * the browser's own path (preset text → form fields → validateForm) and through a real save over
 * HTTP against a preset version this test stores, and both must give the table's verdict and
 * message. Each case is one field of that preset, so the whole table is a single save: a required
 * field the save leaves out keeps it from ever running the procedure.
 */
import { DEFAULT_RULE_MESSAGES, type FormFieldSpec, VALIDATION_RULES } from '@bm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateForm } from '../../web/src/features/forms/validation/validateForm.ts';
import { parsePresetDefinition } from '../../web/src/features/presets/parsePresetDefinition.ts';
import { buildFormFields } from '../../web/src/fields/formField.ts';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const REQUIRED = 'This field is required';
const SHORT = 'The value is too short';
const LONG = 'The value is too long';
const DIGITS = 'Only digits are allowed';
const EMAIL = 'Please enter a valid email address';
const JSON_TEXT = 'Please enter valid JSON';
const SPECIAL = 'Special characters are not allowed';
const LETTERS = 'Only letters are allowed';
const TICK = 'This box must be ticked';
const SMALL = 'The number is too small';
const LARGE = 'The number is too large';
const FORMAT = 'The value does not have the required format';
const ADDRESS = 'Please enter a full web address starting with http:// or https://';

/** The rule part of a field spec, and the column's own input props where the case needs them. */
type Rules = Pick<FormFieldSpec, 'validations' | 'validationMessages' | 'inputProps'> & {
  type?: 'text' | 'number' | 'boolean';
  columnInputProps?: Record<string, unknown>;
};
/** A group: rule texts that must all read the same, and each value with its expected message. */
interface Group {
  rule: string;
  variants: Rules[];
  values: Array<[value: unknown, message: string | undefined]>;
}

const names = (...texts: string[]): Rules[] => texts.map((validations) => ({ validations }));

const GROUPS: Group[] = [
  {
    rule: 'required',
    variants: [
      ...names('required', 'Required', ' required ', 'REQUIRED', 'unknown|required'),
      { validations: [{ name: 'Required' }] },
      { validations: [{ name: ' required ', message: '  ' }] },
    ],
    values: [
      ['', REQUIRED],
      ['   ', REQUIRED],
      ['\t', REQUIRED],
      ['x', undefined],
      [' x ', undefined],
      ['0', undefined],
    ],
  },
  {
    rule: 'required with its own message',
    variants: [
      { validations: 'required', validationMessages: 'Name please' },
      { validations: 'Required|minlength:2', validationMessages: ' Name please |Longer' },
      { validations: [{ name: 'required', message: 'Name please' }] },
    ],
    values: [
      [' ', 'Name please'],
      ['ab', undefined],
    ],
  },
  {
    rule: 'minlength',
    variants: [
      ...names('minlength=3', 'MINLENGTH : 3 '),
      { validations: [{ name: 'minlength', value: 3 }] },
      { validations: [{ name: 'MinLength', value: '3' }] },
      { validations: 'minlength', inputProps: { minLength: 3 } },
      { validations: 'minlength', columnInputProps: { minLength: 3 } },
    ],
    values: [
      ['', undefined],
      ['   ', undefined],
      ['ab', SHORT],
      ['abc', undefined],
      ['a😀b', undefined],
      ['😀😀', SHORT],
    ],
  },
  {
    rule: 'maxlength',
    variants: [
      ...names('maxLength:3', ' MaxLength = 3'),
      { validations: [{ name: 'maxlength', value: '3' }] },
      { validations: 'maxlength', inputProps: { maxLength: 3 } },
      { validations: 'maxlength', columnInputProps: { maxLength: 3 } },
    ],
    values: [
      ['', undefined],
      ['abc', undefined],
      ['abcd', LONG],
      ['    ', LONG],
      ['😀😀😀', undefined],
    ],
  },
  {
    rule: 'number',
    variants: names('number', 'Number', ' NUMBER '),
    values: [
      ['0123', undefined],
      ['-1', DIGITS],
      ['1.5', DIGITS],
      ['12a', DIGITS],
      ['  ', undefined],
      [' 1', DIGITS],
    ],
  },
  {
    rule: 'number on a number field',
    variants: [{ validations: 'number', type: 'number' }],
    values: [
      [42, undefined],
      [-5, DIGITS],
    ],
  },
  {
    rule: 'email',
    variants: [...names('email', ' Email ', 'EMAIL'), { validations: [{ name: 'Email' }] }],
    values: [
      ['a@b.io', undefined],
      ['a@b', EMAIL],
      ['a b@c.de', EMAIL],
      [' a@b.io', EMAIL],
      ['  ', undefined],
    ],
  },
  {
    rule: 'json',
    variants: names('json', 'JSON', 'Json'),
    values: [
      ['{"a":1}', undefined],
      ['{a:1}', JSON_TEXT],
      ['[1,', JSON_TEXT],
    ],
  },
  {
    rule: 'specialchars',
    variants: names(' SpecialChars '),
    values: [
      ['plain text, with-dash_and.dot', undefined],
      ...[...`"<>()'%;+&\\*?~|#@!`].map((c): [string, string] => [`ab${c}cd`, SPECIAL]),
    ],
  },
  {
    rule: 'letters',
    variants: names('letters', 'Letters'),
    values: [
      ['Zürich Ost', undefined],
      ['R2D2', LETTERS],
      ['a-b', LETTERS],
    ],
  },
  {
    rule: 'checked',
    variants: [
      { validations: 'checked', type: 'boolean' },
      { validations: 'Checked', type: 'boolean' },
    ],
    values: [
      [true, undefined],
      [false, TICK],
    ],
  },
  {
    rule: 'separators and messages by position',
    variants: [
      { validations: 'required|minlength:3|email', validationMessages: 'A|B|C' },
      { validations: 'required,minlength=3;email', validationMessages: 'A|B|C' },
      { validations: ' Required ; MinLength:3 , Email ', validationMessages: 'A|B|C' },
    ],
    values: [
      ['  ', 'A'],
      ['ab', 'B'],
      ['abcd', 'C'],
      ['ab@c.de', undefined],
    ],
  },
  {
    rule: 'min',
    variants: [
      ...names('min=2', ' MIN : 2 '),
      { validations: [{ name: ' Min ', value: ' 2 ' }] },
      { validations: 'min', inputProps: { min: 2 } },
    ],
    values: [
      ['   ', undefined],
      ['1', SMALL],
      [' 2 ', undefined],
      ['2.5', undefined],
      ['-3', SMALL],
      ['two', SMALL],
    ],
  },
  {
    rule: 'min and max on a number field',
    variants: [
      {
        validations: [
          { name: 'min', value: 1 },
          { name: 'MAX', value: 50 },
        ],
        type: 'number',
      },
      { validations: 'min:1|max:50', type: 'number' },
    ],
    values: [
      [1, undefined],
      [50, undefined],
      [0, SMALL],
      [51, LARGE],
      [null, undefined],
    ],
  },
  {
    rule: 'max',
    variants: [...names('Max=10', ' MAX : 10 '), { validations: 'max', columnInputProps: { max: 10 } }],
    values: [
      ['10', undefined],
      ['10.5', LARGE],
      [' 11 ', LARGE],
      ['-100', undefined],
      ['  ', undefined],
    ],
  },
  {
    rule: 'pattern',
    variants: [
      { validations: [{ name: 'pattern', value: '[A-Z]{2}' }] },
      { validations: [{ name: ' Pattern ', value: '[A-Z]{2}' }] },
      { validations: 'PATTERN:[A-Z]{2}' },
    ],
    values: [
      ['ES', undefined],
      ['es', FORMAT],
      [' ES', FORMAT],
      ['ESP', FORMAT],
      ['   ', undefined],
    ],
  },
  {
    rule: 'a pattern that backtracks for seconds in JavaScript is answered at once',
    variants: [{ validations: [{ name: 'pattern', value: '(a|a)*b' }] }],
    values: [
      ['aab', undefined],
      ['a'.repeat(40), FORMAT],
    ],
  },
  {
    rule: 'url',
    variants: [...names(' Url '), { validations: [{ name: 'URL' }] }],
    values: [
      ['https://example.com/car-hire', undefined],
      ['http://localhost:3000', undefined],
      ['example.com', ADDRESS],
      ['ftp://example.com', ADDRESS],
      ['javascript:alert(1)', ADDRESS],
      [' https://example.com', ADDRESS],
      ['  ', undefined],
    ],
  },
  {
    rule: 'presetpart answers what is wrong with the part, and where',
    // One variant only: a preset holds at most 300 columns, and the table is near that.
    variants: [{ validations: 'PresetPart:tabs' }],
    values: [
      ['[{"Id": 1, "Name": "Car"}]', undefined],
      ['{"Id": 1}', 'Not a valid tabs part: Invalid input: expected array, received object'],
      ['[{"Id": 1}]', 'Not a valid tabs part at 0.Name: Invalid input: expected string, received undefined'],
      ['[', 'Please enter valid JSON'],
    ],
  },
  {
    rule: 'names the engine does not have, and patterns it will not run, are ignored',
    variants: [
      ...names('between:3', 'regex', 'unknown|nope'),
      { validations: 'min' },
      { validations: [{ name: 'pattern', value: '(a)\\1' }] },
      { validations: [{ name: 'pattern', value: 'a{0,500}a{0,500}' }] },
      { validations: [{ name: 'pattern', value: '([' }] },
      { validations: [{ name: 'pattern' }] },
    ],
    values: [
      ['', undefined],
      ['x', undefined],
    ],
  },
];

interface Case {
  key: string;
  label: string;
  rules: Rules;
  value: unknown;
  message: string | undefined;
}

const CASES: Case[] = GROUPS.flatMap((group) =>
  group.variants.flatMap((rules) =>
    group.values.map(([value, message]) => ({ rules, value, message, label: group.rule })),
  ),
).map((c, i) => ({ ...c, key: `c${i}` }));

// Never sent, so every save of the table is refused before the procedure runs.
const HOLD = { key: 'hold', message: 'Held back on purpose' };
const CREATE_RIGHT = 'BMTools/Page/Create';

function presetText(): string {
  const column = (key: string, rules: Rules) => {
    const { columnInputProps, type = 'text', ...spec } = rules;
    return {
      key,
      mapKey: key,
      column: key,
      type,
      visible: true,
      ...(columnInputProps ? { inputProps: columnInputProps } : {}),
      create: { type, ...spec },
    };
  };
  return JSON.stringify({
    source: '/api/pages',
    definition: [
      ...CASES.map((c) => column(c.key, c.rules)),
      column(HOLD.key, { validations: 'required', validationMessages: HOLD.message }),
    ],
  });
}

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await signIn(server.baseUrl, 'admin@bmtools.local', 'admin')).accessToken;
  await server.db.query(
    `INSERT INTO presets (name, right_name, preset_group_id, version, definition)
     VALUES ('default', $1, 1, (SELECT max(version) + 1 FROM presets WHERE right_name = $1), $2)`,
    [CREATE_RIGHT, presetText()],
  );
});

/** What the browser shows: its own preset parsing, form fields and form check. */
function browserErrors(): Record<string, string> {
  const definition = parsePresetDefinition(presetText());
  if (!definition) throw new Error('the browser cannot read the test preset');
  const values = Object.fromEntries(CASES.map((c) => [c.key, c.value]));
  return validateForm(buildFormFields(definition, 'create'), values).errors;
}

/** What the server answers to a save of the same values. */
async function serverErrors(): Promise<Record<string, string>> {
  const response = await fetch(`${server.baseUrl}/api/pages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ values: CASES.map((c) => ({ mapkey: c.key, value: c.value })) }),
  });
  const body = (await response.json()) as { errors?: Record<string, string> };
  expect(response.status).toBe(400);
  return body.errors ?? {};
}

const expected = (): Record<string, string> =>
  Object.fromEntries([
    ...CASES.flatMap((c) => (c.message === undefined ? [] : [[c.key, c.message]])),
    [HOLD.key, HOLD.message],
  ]);

/** Errors by case, readable in a failure: rule group, rule text, value. */
const described = (errors: Record<string, string>) =>
  Object.fromEntries(
    [...CASES, { key: HOLD.key, label: 'hold', rules: {}, value: undefined }].map((c) => [
      `${c.key} ${c.label}: ${JSON.stringify(c.rules)} ← ${JSON.stringify(c.value)}`,
      errors[c.key],
    ]),
  );

describe('form rules: browser and server agree', () => {
  it('the table makes every rule the engine knows fail, and fits in one save', () => {
    const messages = Object.values(expected());
    // A preset part's message is the problem itself, never its default.
    for (const name of VALIDATION_RULES.filter((n) => n !== 'presetpart'))
      expect(messages).toContain(DEFAULT_RULE_MESSAGES[name]);
    expect(messages.some((m) => m.startsWith('Not a valid tabs part'))).toBe(true);
    // One column per case, and a preset holds at most 300 columns.
    expect(CASES.length, `${CASES.length} cases`).toBeLessThan(300);
  });

  it('the browser gives the verdict and message of the table', () => {
    expect(described(browserErrors())).toEqual(described(expected()));
  });

  it('the server gives the same verdict and message on a save over HTTP', async () => {
    expect(described(await serverErrors())).toEqual(described(expected()));
  });
});
