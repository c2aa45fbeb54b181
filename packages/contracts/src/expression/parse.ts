/**
 * Recursive-descent parser of the visibility language into a small tree, with JavaScript's
 * precedence: `!` over `< <= > >=` over `== !=` over `&&` over `||`; parentheses group. Depth is
 * bounded so a hostile `((((…` cannot overflow the stack.
 */
import { ExpressionError, type Operator, type Token, tokenize } from './tokens.ts';

export type Expr =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'field'; name: string }
  | { kind: 'not'; operand: Expr }
  | { kind: 'binary'; op: Exclude<Operator, '!'>; left: Expr; right: Expr };

const MAX_DEPTH = 32;
const LEVELS: ReadonlyArray<ReadonlyArray<Operator>> = [['||'], ['&&'], ['==', '!='], ['<', '<=', '>', '>=']];

export function parseExpression(source: string): Expr {
  const tokens = tokenize(source);
  let position = 0;
  const peek = (): Token | undefined => tokens[position];

  const binary = (level: number, depth: number): Expr => {
    const ops = LEVELS[level];
    if (!ops) return unary(depth);
    let left = binary(level + 1, depth);
    for (let next = peek(); next?.kind === 'op' && ops.includes(next.op); next = peek()) {
      position += 1;
      const right = binary(level + 1, depth);
      left = { kind: 'binary', op: next.op as Exclude<Operator, '!'>, left, right };
    }
    return left;
  };

  const unary = (depth: number): Expr => {
    if (depth > MAX_DEPTH) throw new ExpressionError('Expression nested too deeply');
    const token = peek();
    if (token?.kind === 'op' && token.op === '!') {
      position += 1;
      return { kind: 'not', operand: unary(depth + 1) };
    }
    return primary(depth);
  };

  const primary = (depth: number): Expr => {
    const token = peek();
    position += 1;
    if (token?.kind === 'literal') return { kind: 'literal', value: token.value };
    if (token?.kind === 'ident') return { kind: 'field', name: token.name };
    if (token?.kind === 'paren' && token.open) {
      const inner = binary(0, depth + 1);
      const close = peek();
      if (close?.kind !== 'paren' || close.open) throw new ExpressionError('Missing )');
      position += 1;
      return inner;
    }
    throw new ExpressionError(token ? 'Unexpected token' : 'Unexpected end of expression');
  };

  if (tokens.length === 0) throw new ExpressionError('Empty expression');
  const tree = binary(0, 0);
  if (position < tokens.length) throw new ExpressionError('Unexpected token after the expression');
  return tree;
}
