/**
 * A regular-expression matcher whose time is linear in the value, for the `pattern` rule of
 * presets. JavaScript's own RegExp backtracks: `(a|a)*b` on 28 a's takes seconds and
 * `a{0,1000}a{0,1000}a{0,1000}b` longer still, so one careless preset would stall the server on
 * every save. Here a pattern compiles to a Thompson automaton (at most MAX_PATTERN_STATES states)
 * that is simulated over the value one character at a time, keeping the set of live states:
 * the work is bounded by states × (characters + 1), whatever the pattern. With the rule's values
 * capped at 1,000 characters that is about a million steps, some 50 ms, for the worst pattern.
 *
 * The syntax is JavaScript's with the `u` flag, less what needs backtracking: characters,
 * escapes, `.`, classes (`[a-z]`, `[^…]`, `\d`, `\p{L}`…), groups (plain, `(?:…)`, named),
 * `|`, the quantifiers `* + ? {n} {n,} {n,m}` (greedy or lazy: the same for a yes/no answer),
 * and the assertions `^ $ \b \B`. Backreferences and lookaround are refused. A pattern that
 * JavaScript itself rejects is refused too, so the browser and the server agree on what is valid.
 * The answer equals `new RegExp('^(?:' + source + ')$', 'u').test(value)`; the tests check that.
 *
 * Pure TypeScript: no DOM, no Node.
 */

/** The largest automaton a pattern may compile to; bounds the work per character. */
export const MAX_PATTERN_STATES = 1000;

export interface CompiledPattern {
  readonly source: string;
  /** States of the automaton: the work per character of the value is at most this. */
  readonly states: number;
  /** Whether the whole value matches. */
  test(value: string): boolean;
  /** The same, with the number of automaton steps taken (what the linear bound is about). */
  run(value: string): { matched: boolean; steps: number };
}

type Assertion = 'start' | 'end' | 'wordBoundary' | 'notWordBoundary';
type CharTest = (ch: string) => boolean;

type Node =
  | { kind: 'char'; test: CharTest }
  | { kind: 'assert'; assertion: Assertion }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'repeat'; item: Node; min: number; max: number };

type Inst =
  | { op: 'char'; test: CharTest }
  | { op: 'assert'; assertion: Assertion }
  | { op: 'split'; x: number; y: number }
  | { op: 'jmp'; x: number }
  | { op: 'match' };

class Unsupported extends Error {}

const LINE_TERMINATORS = new Set(['\n', '\r', '\u2028', '\u2029']);
const WORD = /^[A-Za-z0-9_]$/;

/**
 * One character class, escape or literal as a test of one character, answered by JavaScript's own
 * RegExp on that single character (no repetition inside, so no backtracking) and remembered.
 */
function charTest(atom: string): CharTest {
  const single = new RegExp(`^${atom}$`, 'u');
  const seen = new Map<string, boolean>();
  return (ch) => {
    let answer = seen.get(ch);
    if (answer === undefined) {
      answer = single.test(ch);
      seen.set(ch, answer);
    }
    return answer;
  };
}

const literal =
  (c: string): CharTest =>
  (ch) =>
    ch === c;

class Parser {
  private at = 0;
  constructor(private readonly source: string) {}

  parse(): Node {
    const node = this.alternation();
    if (this.at < this.source.length) throw new Unsupported('unbalanced');
    return node;
  }

  private peek(offset = 0): string | undefined {
    return this.source[this.at + offset];
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.at++;
      options.push(this.sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { kind: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return items.length === 1 ? (items[0] as Node) : { kind: 'seq', items };
  }

  private quantified(item: Node): Node {
    const c = this.peek();
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      this.at++;
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!m) throw new Unsupported('brace');
      this.at += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    } else return item;
    if (this.peek() === '?') this.at++; // lazy: the same yes/no answer
    return { kind: 'repeat', item, min, max };
  }

  private atom(): Node {
    const c = this.peek() as string;
    if (c === '(') return this.group();
    if (c === '[') return this.charClass();
    if (c === '\\') return this.escape();
    this.at++;
    if (c === '.') return { kind: 'char', test: (ch) => !LINE_TERMINATORS.has(ch) };
    if (c === '^') return { kind: 'assert', assertion: 'start' };
    if (c === '$') return { kind: 'assert', assertion: 'end' };
    if ('*+?{}])'.includes(c)) throw new Unsupported('syntax');
    // A character outside the basic plane is two UTF-16 units but one character under 'u'.
    const code = this.source.codePointAt(this.at - 1) as number;
    if (code > 0xffff) this.at++;
    return { kind: 'char', test: literal(String.fromCodePoint(code)) };
  }

  private group(): Node {
    this.at++; // (
    if (this.peek() === '?') {
      const rest = this.source.slice(this.at);
      const named = /^\?<[A-Za-z_$][\w$]*>/.exec(rest);
      if (rest.startsWith('?:')) this.at += 2;
      else if (named) this.at += named[0].length;
      else throw new Unsupported('lookaround');
    }
    const inner = this.alternation();
    if (this.peek() !== ')') throw new Unsupported('unclosed group');
    this.at++;
    return inner;
  }

  private charClass(): Node {
    const start = this.at;
    this.at++; // [
    while (this.at < this.source.length && this.peek() !== ']') this.at += this.peek() === '\\' ? 2 : 1;
    if (this.peek() !== ']') throw new Unsupported('unclosed class');
    this.at++;
    return { kind: 'char', test: charTest(this.source.slice(start, this.at)) };
  }

  private escape(): Node {
    const start = this.at;
    const c = this.source[this.at + 1];
    if (c === undefined) throw new Unsupported('trailing backslash');
    if (c === 'b' || c === 'B') {
      this.at += 2;
      return { kind: 'assert', assertion: c === 'b' ? 'wordBoundary' : 'notWordBoundary' };
    }
    if (/[1-9k]/.test(c)) throw new Unsupported('backreference');
    const rest = this.source.slice(this.at);
    const written =
      /^\\[pP]\{[^}]*\}/.exec(rest) ??
      /^\\u\{[0-9A-Fa-f]+\}/.exec(rest) ??
      /^\\u[dD][89abAB][0-9A-Fa-f]{2}\\u[dD][c-fC-F][0-9A-Fa-f]{2}/.exec(rest) ??
      /^\\u[0-9A-Fa-f]{4}/.exec(rest) ??
      /^\\x[0-9A-Fa-f]{2}/.exec(rest) ??
      /^\\c[A-Za-z]/.exec(rest);
    this.at += written ? written[0].length : 2;
    return { kind: 'char', test: charTest(this.source.slice(start, this.at)) };
  }
}

/** Instructions a node compiles to; Infinity-safe, so a huge count is refused before it is built. */
function sizeOf(node: Node): number {
  switch (node.kind) {
    case 'char':
    case 'assert':
      return 1;
    case 'seq':
      return node.items.reduce((sum, item) => sum + sizeOf(item), 0);
    case 'alt':
      return node.options.reduce((sum, option) => sum + sizeOf(option), 0) + 2 * (node.options.length - 1);
    case 'repeat': {
      const item = sizeOf(node.item);
      const optional = node.max === Infinity ? item + 2 : (node.max - node.min) * (item + 1);
      return node.min * item + optional;
    }
  }
}

function emit(node: Node, program: Inst[]): void {
  switch (node.kind) {
    case 'char':
      program.push({ op: 'char', test: node.test });
      return;
    case 'assert':
      program.push({ op: 'assert', assertion: node.assertion });
      return;
    case 'seq':
      for (const item of node.items) emit(item, program);
      return;
    case 'alt': {
      const jumps: Array<{ op: 'jmp'; x: number }> = [];
      const last = node.options.length - 1;
      node.options.forEach((option, index) => {
        if (index === last) {
          emit(option, program);
          return;
        }
        const split: Inst = { op: 'split', x: program.length + 1, y: 0 };
        program.push(split);
        emit(option, program);
        const jump = { op: 'jmp' as const, x: 0 };
        jumps.push(jump);
        program.push(jump);
        split.y = program.length;
      });
      for (const jump of jumps) jump.x = program.length;
      return;
    }
    case 'repeat': {
      for (let i = 0; i < node.min; i++) emit(node.item, program);
      if (node.max === Infinity) {
        const loop = program.length;
        const split: Inst = { op: 'split', x: loop + 1, y: 0 };
        program.push(split);
        emit(node.item, program);
        program.push({ op: 'jmp', x: loop });
        split.y = program.length;
        return;
      }
      // x{0,k} as (x(x(…)?)?)?: each optional copy may end the repeat early.
      const exits: Array<Extract<Inst, { op: 'split' }>> = [];
      for (let i = node.min; i < node.max; i++) {
        const split = { op: 'split' as const, x: program.length + 1, y: 0 };
        exits.push(split);
        program.push(split);
        emit(node.item, program);
      }
      for (const split of exits) split.y = program.length;
      return;
    }
  }
}

function holds(assertion: Assertion, chars: readonly string[], at: number): boolean {
  switch (assertion) {
    case 'start':
      return at === 0;
    case 'end':
      return at === chars.length;
    default: {
      const before = at > 0 && WORD.test(chars[at - 1] as string);
      const after = at < chars.length && WORD.test(chars[at] as string);
      return (before !== after) === (assertion === 'wordBoundary');
    }
  }
}

/** Thompson's simulation: every live state advances together, each state at most once per step. */
function simulate(program: readonly Inst[], value: string): { matched: boolean; steps: number } {
  const chars = [...value];
  const seenAt = new Int32Array(program.length).fill(-1);
  let steps = 0;
  let current: number[] = [];
  let next: number[] = [];
  const stack: number[] = [];

  // Adds a state and everything it reaches without reading a character, at position `at`.
  const add = (list: number[], pc: number, at: number) => {
    stack.push(pc);
    while (stack.length > 0) {
      const i = stack.pop() as number;
      if (seenAt[i] === at) continue;
      seenAt[i] = at;
      steps++;
      const inst = program[i] as Inst;
      if (inst.op === 'jmp') stack.push(inst.x);
      else if (inst.op === 'split') stack.push(inst.y, inst.x);
      else if (inst.op === 'assert') {
        if (holds(inst.assertion, chars, at)) stack.push(i + 1);
      } else list.push(i);
    }
  };

  add(current, 0, 0);
  for (let at = 0; at < chars.length; at++) {
    const ch = chars[at] as string;
    next = [];
    for (const pc of current) {
      steps++;
      const inst = program[pc] as Inst;
      if (inst.op === 'char' && inst.test(ch)) add(next, pc + 1, at + 1);
    }
    current = next;
    if (current.length === 0) return { matched: false, steps };
  }
  return { matched: current.some((pc) => program[pc]?.op === 'match'), steps };
}

/**
 * A pattern compiled for linear-time matching, or undefined when it is not one we run: not a
 * string, empty, invalid for JavaScript, using backreferences or lookaround, or compiling to more
 * than MAX_PATTERN_STATES states (counted repeats multiply: `a{0,500}` is 1,000 states alone).
 */
export function compilePattern(source: unknown): CompiledPattern | undefined {
  if (typeof source !== 'string' || source === '') return undefined;
  try {
    new RegExp(source, 'u');
  } catch {
    return undefined;
  }
  let tree: Node;
  try {
    tree = new Parser(source).parse();
  } catch (error) {
    if (error instanceof Unsupported || error instanceof SyntaxError) return undefined;
    throw error;
  }
  // One more state for the final match.
  if (sizeOf(tree) + 1 > MAX_PATTERN_STATES) return undefined;
  const program: Inst[] = [];
  emit(tree, program);
  program.push({ op: 'match' });
  const run = (value: string) => simulate(program, value);
  // A bulk edit checks one value on many records: remember the last answers.
  const answers = new Map<string, boolean>();
  const test = (value: string) => {
    let matched = answers.get(value);
    if (matched === undefined) {
      matched = run(value).matched;
      if (answers.size >= 64) answers.clear();
      answers.set(value, matched);
    }
    return matched;
  };
  return { source, states: program.length, run, test };
}
