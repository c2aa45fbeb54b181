/**
 * Tokenizer of the condition language of row actions and form fields (`visibleWhen`, `requiredWhen`,
 * `keepWhen`; ADR 0003, ADR 0012): identifiers, string,
 * number, boolean and null literals, comparison and logical operators, parentheses. Anything else is a
 * syntax error; nothing here ever reaches `eval` or `Function`.
 */

export type Token =
  | { kind: 'ident'; name: string }
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'op'; op: Operator }
  | { kind: 'paren'; open: boolean };

export type Operator = '==' | '!=' | '<' | '<=' | '>' | '>=' | '&&' | '||' | '!';

export class ExpressionError extends Error {
  override readonly name = 'ExpressionError';
}

const MAX_EXPRESSION_LENGTH = 500;
const MAX_TOKENS = 200;

const IDENT_START = /[A-Za-z_$]/;
const IDENT_PART = /[A-Za-z0-9_$]/;
const DIGIT = /[0-9]/;
const KEYWORDS: Record<string, boolean | null> = { true: true, false: false, null: null };
// Longest first, so '<=' wins over '<' and '===' over '=='.
const OPERATORS: ReadonlyArray<[string, Operator]> = [
  ['===', '=='],
  ['!==', '!='],
  ['==', '=='],
  ['!=', '!='],
  ['<=', '<='],
  ['>=', '>='],
  ['&&', '&&'],
  ['||', '||'],
  ['<', '<'],
  ['>', '>'],
  ['!', '!'],
];
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };

function readString(source: string, start: number): { value: string; end: number } {
  const quote = source[start];
  let value = '';
  let i = start + 1;
  while (i < source.length) {
    const ch = source[i] as string;
    if (ch === quote) return { value, end: i + 1 };
    if (ch === '\\') {
      const next = source[i + 1];
      if (next === undefined || !(next in ESCAPES)) throw new ExpressionError(`Bad escape at ${i}`);
      value += ESCAPES[next];
      i += 2;
      continue;
    }
    value += ch;
    i += 1;
  }
  throw new ExpressionError('Unterminated string');
}

function readNumber(source: string, start: number): { value: number; end: number } {
  const match = /^-?\d+(\.\d+)?/.exec(source.slice(start, start + 40));
  if (!match) throw new ExpressionError(`Bad number at ${start}`);
  return { value: Number(match[0]), end: start + match[0].length };
}

/** A minus starts a number only where an operand is expected (after an operator, '(' or at the start). */
const expectsOperand = (previous: Token | undefined): boolean =>
  previous === undefined || previous.kind === 'op' || (previous.kind === 'paren' && previous.open);

export function tokenize(source: string): Token[] {
  if (source.length > MAX_EXPRESSION_LENGTH) throw new ExpressionError('Expression too long');
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    if (tokens.length > MAX_TOKENS) throw new ExpressionError('Expression too complex');
    const ch = source[i] as string;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === "'" || ch === '"') {
      const { value, end } = readString(source, i);
      tokens.push({ kind: 'literal', value });
      i = end;
    } else if (
      DIGIT.test(ch) ||
      (ch === '-' && DIGIT.test(source[i + 1] ?? '') && expectsOperand(tokens.at(-1)))
    ) {
      const { value, end } = readNumber(source, i);
      tokens.push({ kind: 'literal', value });
      i = end;
    } else if (IDENT_START.test(ch)) {
      let end = i + 1;
      while (end < source.length && IDENT_PART.test(source[end] as string)) end += 1;
      const word = source.slice(i, end);
      tokens.push(
        Object.hasOwn(KEYWORDS, word)
          ? { kind: 'literal', value: KEYWORDS[word] ?? null }
          : { kind: 'ident', name: word },
      );
      i = end;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: 'paren', open: ch === '(' });
      i += 1;
    } else {
      const found = OPERATORS.find(([text]) => source.startsWith(text, i));
      if (!found) throw new ExpressionError(`Unexpected character '${ch}' at ${i}`);
      tokens.push({ kind: 'op', op: found[1] });
      i += found[0].length;
    }
  }
  return tokens;
}
