/**
 * What each validation rule accepts. Every rule but required and checked passes an empty
 * value: an optional field may stay empty. The special-character pattern refuses any of
 * " < > ( ) ' % ; + & \ * ? ~ | # @ !; the letters pattern accepts letters and spaces only.
 */
import type { ValidationRuleName } from '@bm/contracts';

const SPECIAL_CHARACTERS = /["<>()'%;+&\\*?~|#@!]/;
const LETTERS = /^[\p{L}\s]+$/u;
const DIGITS = /^\d+$/;
// The usual pragmatic address check: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const lengthOf = (value: unknown): number => (Array.isArray(value) ? value.length : String(value).length);

function parsesAsJson(value: unknown): boolean {
  if (typeof value !== 'string') return true;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

type Check = (value: unknown, bound: number | string | undefined) => boolean;

export const RULE_CHECKS: Record<ValidationRuleName, Check> = {
  required: (value) => !isEmptyValue(value),
  checked: (value) => value === true,
  minlength: (value, bound) => isEmptyValue(value) || lengthOf(value) >= Number(bound ?? 0),
  maxlength: (value, bound) => isEmptyValue(value) || bound === undefined || lengthOf(value) <= Number(bound),
  number: (value) => isEmptyValue(value) || DIGITS.test(String(value)),
  email: (value) => isEmptyValue(value) || EMAIL.test(String(value).trim()),
  json: (value) => isEmptyValue(value) || parsesAsJson(value),
  specialchars: (value) => isEmptyValue(value) || !SPECIAL_CHARACTERS.test(String(value)),
  letters: (value) => isEmptyValue(value) || LETTERS.test(String(value)),
};
