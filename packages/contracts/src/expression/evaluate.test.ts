import { describe, expect, it } from 'vitest';
import { evaluateCondition } from './evaluate.ts';
import { parseExpression } from './parse.ts';
import { ExpressionError, tokenize } from './tokens.ts';

const row = {
  id: 7,
  name: 'default',
  status: 'confirmed',
  isActive: true,
  isLocked: false,
  price: '12.50',
  createdAt: '2026-01-02T10:00:00Z',
  nested: { a: 1 },
  empty: null,
};

describe('evaluateCondition', () => {
  it('holds for an empty or missing condition', () => {
    expect(evaluateCondition(undefined, row)).toBe(true);
    expect(evaluateCondition('   ', row)).toBe(true);
  });

  it.each([
    ["name != 'default'", false],
    ["name == 'default'", true],
    ['status == "confirmed" && isActive', true],
    ["status != 'confirmed' || isLocked", false],
    ['!isLocked', true],
    ['!(isActive && !isLocked)', false],
    ['id > 5 && id <= 7', true],
    ['id >= 8', false],
    ['price > 12', true],
    ['price == 12.5', true],
    ['id == -7', false],
    ['-1 < id', true],
    ["createdAt > '2026-01-01'", true],
    ['empty == null', true],
    ['missing == null', true],
    ['nested == null', true],
    ['isActive == true', true],
    ['isActive === true && id !== 8', true],
    ["'a' < 'b'", true],
    ['true || x', true],
    ['false && x', false],
    ['id < name', false],
  ])('%s → %s', (source, expected) => {
    expect(evaluateCondition(source, row)).toBe(expected);
  });

  it('binds ! tighter than comparison and && tighter than ||', () => {
    expect(evaluateCondition('true || false && false', row)).toBe(true);
    expect(evaluateCondition('(true || false) && false', row)).toBe(false);
    expect(evaluateCondition('!isLocked == true', row)).toBe(true);
  });

  it('reads escapes inside strings', () => {
    expect(evaluateCondition("quote == 'it\\'s'", { quote: "it's" })).toBe(true);
  });
});

describe('hostile input', () => {
  it.each([
    "constructor.constructor('alert(1)')()",
    'alert(1)',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'this',
    'globalThis',
    'window.location',
    "name = 'x'",
    'id + 1 > 0',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal is the hostile input
    '`${1}`',
    '[1] == 1',
    '{} == null',
    'a ? b : c',
    "'unterminated",
    "'\\x41' == 'A'",
    '(((true)',
    'true)',
    '&&',
    'id >',
    'id\u0000 == 1',
    'function(){return true}()',
  ])('never holds for %j', (source) => {
    expect(evaluateCondition(source, row)).toBe(false);
  });

  it('reads only own properties, never the prototype chain', () => {
    const proto = Object.create({ inherited: true }) as Record<string, unknown>;
    expect(evaluateCondition('inherited', proto)).toBe(false);
    expect(evaluateCondition('__proto__ == null', row)).toBe(true);
    expect(evaluateCondition('constructor == null', row)).toBe(true);
  });

  it('refuses deep nesting, long input and too many tokens without overflowing', () => {
    expect(() => parseExpression(`${'('.repeat(5000)}true${')'.repeat(5000)}`)).toThrow(ExpressionError);
    expect(() => parseExpression(`${'!'.repeat(400)}true`)).toThrow(ExpressionError);
    expect(() => tokenize('a'.repeat(501))).toThrow(ExpressionError);
    expect(() => tokenize(Array.from({ length: 240 }, () => 'a').join(' '))).toThrow(ExpressionError);
    expect(evaluateCondition(`${'('.repeat(40)}true${')'.repeat(40)}`, row)).toBe(false);
    expect(evaluateCondition(`${'('.repeat(10)}true${')'.repeat(10)}`, row)).toBe(true);
  });

  it('does not run code or change the row', () => {
    const target: Record<string, unknown> = { x: 1 };
    evaluateCondition("x = 2 || (x == 'x')", target);
    expect(target).toEqual({ x: 1 });
  });
});
