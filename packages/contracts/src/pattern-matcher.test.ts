import { describe, expect, it } from 'vitest';
import { compilePattern, MAX_PATTERN_STATES } from './pattern-matcher.ts';

/** What JavaScript answers for the same whole-value match: the matcher must agree. */
const native = (source: string, value: string) => new RegExp(`^(?:${source})$`, 'u').test(value);

const PATTERNS = [
  '[A-Z]{2}',
  '\\d{4}-\\d{2}',
  '[a-z]+(-[a-z]+)?',
  '(?<year>\\d{4})-(?<month>\\d{2})',
  '[(+*)]+x',
  'a|ab|abc',
  '(a|b)*abb',
  '(a+)+$',
  '(a*)*b',
  '(a|aa)+',
  '((ab)*c)+',
  '(x+x+)+y',
  '\\d+\\d+\\d+',
  'a{2,}b{3,}c+',
  'a{2,4}?b',
  '.*',
  '.+@.+\\..+',
  '[^\\s@]+@[^\\s@]+',
  '\\bfoo\\b.*',
  '.*\\Bx\\B.*',
  '^abc$',
  'a^b',
  '(?:^|x)y',
  'x(?:$|y)',
  '[\\]\\-a]+',
  '[^]*',
  '[]',
  '\\p{L}+',
  '\\P{L}*',
  '\\u00e9|\\u{1F600}|\\x41',
  '\\uD83D\\uDE00',
  '😀+',
  'café',
  '\\w+\\W\\w+',
  '\\s*\\S+\\s*',
  '\\.\\*\\?',
  '\\cJ',
  '\\t|\\n',
  '(a|)+b',
  '(|a)*',
  'a{0}',
  'a{3}',
  'a{1,}',
  'a*?b+?c??',
  '[0-9]{3}[A-Z]{3}',
  'M[BCDEFGHIJKLNOPRSTUVWX][BCDEFGHIJKLMNPRSTUVWXZ][DMNRCV]',
];

const VALUES = [
  '',
  'a',
  'aa',
  'aaa',
  'ab',
  'abc',
  'abb',
  'aabb',
  'ES',
  'es',
  'ESP',
  '2026-11',
  '2026-1',
  'x-y',
  'x-y-z',
  '(+*)x',
  'aaaab',
  'ababcc',
  'abcabc',
  'xxy',
  'xxxy',
  '123',
  '12',
  'aabbb',
  'aabbbc',
  'foo',
  ' foo ',
  'a x b',
  'axb',
  'y',
  'xy',
  'x',
  ']-a',
  'é😀',
  'é',
  '😀',
  '😀😀',
  'A',
  'café',
  'cafe',
  'ab cd',
  'ab  cd',
  '  x  ',
  '.*?',
  '\n',
  '\t',
  'a\nb',
  'abbccc',
  'bc',
  '123ABC',
  'MBMR',
  'CDMR',
  'b',
  'ab@c.de',
  'a b@c.de',
];

describe('compilePattern', () => {
  it('answers exactly as JavaScript does for every pattern and value tried', () => {
    for (const source of PATTERNS) {
      const compiled = compilePattern(source);
      expect(compiled, source).toBeDefined();
      for (const value of VALUES)
        expect(compiled?.test(value), `${source} on ${JSON.stringify(value)}`).toBe(native(source, value));
    }
  });

  it('agrees with JavaScript on random patterns over a small alphabet', () => {
    // A fixed generator, so a failure is reproducible.
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = <T>(items: readonly T[]): T => items[random(items.length)] as T;
    const pattern = (depth: number): string => {
      const atoms = ['a', 'b', '.', '[ab]', '[^a]', '\\w', '^', '$', '\\b'];
      if (depth === 0) return pick(atoms);
      switch (random(6)) {
        case 0:
          return pattern(depth - 1) + pattern(depth - 1);
        case 1:
          return `${pattern(depth - 1)}|${pattern(depth - 1)}`;
        case 2:
          return `(${pattern(depth - 1)})${pick(['*', '+', '?', '{1,2}', '{2}', '{0,}'])}`;
        case 3:
          return `(?:${pattern(depth - 1)})${pick(['*?', '+', ''])}`;
        default:
          return pick(atoms.slice(0, 6));
      }
    };
    for (let i = 0; i < 400; i++) {
      const source = pattern(3);
      const compiled = compilePattern(source);
      if (!compiled) {
        expect(() => new RegExp(source, 'u'), source).toThrow();
        continue;
      }
      for (let j = 0; j < 12; j++) {
        const value = Array.from({ length: random(7) }, () => pick(['a', 'b', ' '])).join('');
        expect(compiled.test(value), `${source} on ${JSON.stringify(value)}`).toBe(native(source, value));
      }
    }
  });

  it('refuses backreferences, lookaround, invalid patterns and automata past the state limit', () => {
    for (const refused of [
      '(a)\\1',
      '(?<x>a)\\k<x>',
      '(?<=a)b',
      '(?<!a)b',
      '(?=a)a',
      '(?!a)b',
      '([',
      'a{2,1}',
      '{',
      ')',
      'a**',
      '^*',
      '',
      'a{0,500}a{0,500}',
      'a{1000}',
      '(a{10}){10}{10}',
    ])
      expect(compilePattern(refused), refused).toBeUndefined();
    expect(compilePattern(42)).toBeUndefined();
    expect(compilePattern('a{0,498}')?.states).toBeLessThanOrEqual(MAX_PATTERN_STATES);
  });

  it('takes at most two steps per state and character, even where JavaScript backtracks for seconds', () => {
    // Each of these runs for seconds or more in a backtracking engine on these inputs.
    const evil: Array<[string, string]> = [
      ['(a|a)*b', 'a'.repeat(1000)],
      ['(a+)+b', 'a'.repeat(1000)],
      ['(a|aa)*c', 'a'.repeat(1000)],
      ['a{0,150}a{0,150}a{0,150}b', 'a'.repeat(1000)],
      ['(.*a){12}', `${'a'.repeat(999)}b`],
      ['(\\w+\\s?)*$', `${'word '.repeat(199)}!`],
    ];
    for (const [source, value] of evil) {
      const compiled = compilePattern(source);
      expect(compiled, source).toBeDefined();
      if (!compiled) continue;
      const { matched, steps } = compiled.run(value);
      expect(matched, source).toBe(false);
      expect(steps, source).toBeLessThanOrEqual(2 * compiled.states * (value.length + 1));
    }
  });
});
