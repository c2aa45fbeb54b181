import { describe, expect, it } from 'vitest';
import { isEmptyValue, RULE_CHECKS } from './ruleChecks.ts';

describe('RULE_CHECKS', () => {
  it('required: a non-empty value', () => {
    for (const empty of [null, undefined, '', '   ', []])
      expect(RULE_CHECKS.required(empty, undefined)).toBe(false);
    for (const full of ['a', 0, false, ['x']]) expect(RULE_CHECKS.required(full, undefined)).toBe(true);
  });

  it('checked: the box ticked', () => {
    expect(RULE_CHECKS.checked(true, undefined)).toBe(true);
    expect(RULE_CHECKS.checked(false, undefined)).toBe(false);
    expect(RULE_CHECKS.checked(null, undefined)).toBe(false);
  });

  it('minlength and maxlength: bounds, empty passes', () => {
    expect(RULE_CHECKS.minlength('ab', 3)).toBe(false);
    expect(RULE_CHECKS.minlength('abc', 3)).toBe(true);
    expect(RULE_CHECKS.minlength('', 3)).toBe(true);
    expect(RULE_CHECKS.maxlength('abcd', 3)).toBe(false);
    expect(RULE_CHECKS.maxlength('abc', 3)).toBe(true);
    expect(RULE_CHECKS.maxlength(['a', 'b'], 1)).toBe(false);
  });

  it('number: digits only', () => {
    expect(RULE_CHECKS.number('0123', undefined)).toBe(true);
    expect(RULE_CHECKS.number(42, undefined)).toBe(true);
    expect(RULE_CHECKS.number('-1', undefined)).toBe(false);
    expect(RULE_CHECKS.number('1.5', undefined)).toBe(false);
    expect(RULE_CHECKS.number('1a', undefined)).toBe(false);
  });

  it('email: the usual address pattern', () => {
    expect(RULE_CHECKS.email('a@b.io', undefined)).toBe(true);
    expect(RULE_CHECKS.email('a@b', undefined)).toBe(false);
    expect(RULE_CHECKS.email('a b@c.de', undefined)).toBe(false);
  });

  it('json: must parse', () => {
    expect(RULE_CHECKS.json('{"a":1}', undefined)).toBe(true);
    expect(RULE_CHECKS.json('{a:1}', undefined)).toBe(false);
  });

  it('specialchars: refuses each of " < > ( ) \' % ; + & \\ * ? ~ | # @ !', () => {
    for (const c of [
      '"',
      '<',
      '>',
      '(',
      ')',
      "'",
      '%',
      ';',
      '+',
      '&',
      '\\',
      '*',
      '?',
      '~',
      '|',
      '#',
      '@',
      '!',
    ]) {
      expect(RULE_CHECKS.specialchars(`ab${c}cd`, undefined)).toBe(false);
    }
    expect(RULE_CHECKS.specialchars('plain text, with-dash_and.dot', undefined)).toBe(true);
  });

  it('letters: letters and spaces only', () => {
    expect(RULE_CHECKS.letters('Zürich Ost', undefined)).toBe(true);
    expect(RULE_CHECKS.letters('R2D2', undefined)).toBe(false);
  });

  it('knows empty values', () => {
    expect(isEmptyValue(0)).toBe(false);
    expect(isEmptyValue(' ')).toBe(true);
  });
});
