/**
 * Evaluates a parsed visibility condition against one row. Fields are read only as the row's own
 * properties (never its prototype: `__proto__`, `constructor` read as null). `==` treats a number
 * and a numeric string as equal, and null as equal to a missing field; ordering compares numbers
 * with numbers and strings with strings, anything else is false.
 */

import { type Expr, parseExpression } from './parse.ts';
import { ExpressionError } from './tokens.ts';

type Value = string | number | boolean | null;

function readField(row: Readonly<Record<string, unknown>>, name: string): Value {
  if (!Object.hasOwn(row, name)) return null;
  const value = row[name];
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

const asNumber = (value: Value): number | null => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
};

function equals(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (typeof a === 'number' || typeof b === 'number') {
    const [x, y] = [asNumber(a), asNumber(b)];
    return x !== null && y !== null && x === y;
  }
  return false;
}

function compare(op: '<' | '<=' | '>' | '>=', a: Value, b: Value): boolean {
  let order: number;
  const [x, y] = [asNumber(a), asNumber(b)];
  if (typeof a === 'string' && typeof b === 'string' && (x === null || y === null)) {
    order = a < b ? -1 : a > b ? 1 : 0;
  } else if (x !== null && y !== null) {
    order = x - y;
  } else {
    return false;
  }
  if (op === '<') return order < 0;
  if (op === '<=') return order <= 0;
  if (op === '>') return order > 0;
  return order >= 0;
}

function evaluate(expr: Expr, row: Readonly<Record<string, unknown>>): Value {
  switch (expr.kind) {
    case 'literal':
      return expr.value;
    case 'field':
      return readField(row, expr.name);
    case 'not':
      return !evaluate(expr.operand, row);
    case 'binary': {
      const left = evaluate(expr.left, row);
      if (expr.op === '&&') return Boolean(left) && Boolean(evaluate(expr.right, row));
      if (expr.op === '||') return Boolean(left) || Boolean(evaluate(expr.right, row));
      const right = evaluate(expr.right, row);
      if (expr.op === '==') return equals(left, right);
      if (expr.op === '!=') return !equals(left, right);
      return compare(expr.op, left, right);
    }
  }
}

const cache = new Map<string, Expr | ExpressionError>();
const CACHE_LIMIT = 500;

function compiled(source: string): Expr | ExpressionError {
  const hit = cache.get(source);
  if (hit) return hit;
  let result: Expr | ExpressionError;
  try {
    result = parseExpression(source);
  } catch (error) {
    result = error instanceof ExpressionError ? error : new ExpressionError(String(error));
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(source, result);
  return result;
}

/** True when `source` holds for `row`; an empty condition holds, a malformed one never does. */
export function evaluateCondition(
  source: string | undefined,
  row: Readonly<Record<string, unknown>>,
): boolean {
  if (source === undefined || source.trim() === '') return true;
  const expr = compiled(source);
  if (expr instanceof ExpressionError) return false;
  return Boolean(evaluate(expr, row));
}
