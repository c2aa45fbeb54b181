/**
 * YAML syntax and OpenAPI 3.x documents, checked by us (no OpenAPI library: the structural rules
 * below are the ones a partner's tooling fails on, and they need nothing but the `yaml` package and
 * jsonc-parser, which the other validators already use).
 *
 * A document is JSON when it starts with `{` and YAML otherwise (YAML is a superset of JSON, but a
 * JSON document's errors are better located by a JSON parser). A failure names the line and column,
 * and for a structural problem also the JSON pointer of the member at fault:
 * `Line 12, column 5 (/paths/pets): a path must start with "/"`.
 *
 * Synchronous, so always run in a worker thread: the Validate button's through the validation pool,
 * the save's as the field's server rule (server-rules.ts).
 */
import type { CodeValidationResult } from '@bm/contracts';
import {
  findNodeAtLocation,
  type ParseError,
  parse as parseJsonc,
  parseTree,
  printParseErrorCode,
} from 'jsonc-parser';
import { isNode, LineCounter, parseDocument } from 'yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

const ok: CodeValidationResult = { isSuccess: true, message: 'Your code is valid' };
const at = (line: number, column: number, what: string): CodeValidationResult => ({
  isSuccess: false,
  message: `Line ${line}, column ${column}: ${what}`,
});

/** Line and column (1-based) of a character offset. */
function position(code: string, offset: number): { line: number; column: number } {
  const lines = code.slice(0, Math.max(0, offset)).split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/** A JSON pointer (RFC 6901) of a path: `~` and `/` escaped. */
const pointer = (path: Path): string =>
  path.length === 0
    ? '/'
    : path.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

interface Parsed {
  value: unknown;
  /** The offset of the member at `path` (its key when it has one), for the line and column. */
  offsetOf(path: Path): number;
}

/** YAML aliases that expand past this are refused (a "billion laughs" document). */
const MAX_ALIAS_COUNT = 100;

function parseYaml(code: string): Parsed | CodeValidationResult {
  const lineCounter = new LineCounter();
  const doc = parseDocument(code, { lineCounter, prettyErrors: false, uniqueKeys: true, version: '1.2' });
  const error = doc.errors[0];
  if (error) {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    return at(line, col, error.message.split('\n')[0] ?? 'invalid YAML');
  }
  const value: unknown = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  return {
    value,
    offsetOf: (path) => {
      // The key of the member when it is in a map, else the value itself, else its nearest parent.
      for (let n = path.length; n >= 0; n--) {
        const parent = n === 0 ? doc.contents : doc.getIn(path.slice(0, n - 1), true);
        if (n > 0 && isNode(parent) && 'items' in parent && Array.isArray(parent.items)) {
          const item = (parent.items as unknown[]).find(
            (p, i) =>
              (typeof path[n - 1] === 'number' && i === path[n - 1]) ||
              (typeof p === 'object' &&
                p !== null &&
                'key' in p &&
                isNode(p.key) &&
                String((p.key as { toJSON(): unknown }).toJSON()) === String(path[n - 1])),
          );
          const node = item && typeof item === 'object' && 'key' in item ? item.key : item;
          if (isNode(node) && node.range) return node.range[0];
        }
        if (n === 0 && isNode(parent) && parent.range) return parent.range[0];
      }
      return 0;
    },
  };
}

function parseJson(code: string): Parsed | CodeValidationResult {
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(code, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  const first = errors[0];
  if (first) {
    const { line, column } = position(code, first.offset);
    return at(line, column, printParseErrorCode(first.error));
  }
  const root = parseTree(code);
  return {
    value,
    offsetOf: (path) => {
      for (let n = path.length; n >= 0 && root; n--) {
        const node = findNodeAtLocation(root, path.slice(0, n));
        // A member's value node: its key is the first child of the property node above it.
        const key = node?.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
        if (node) return (key ?? node).offset;
      }
      return 0;
    },
  };
}

const isResult = (p: Parsed | CodeValidationResult): p is CodeValidationResult => 'isSuccess' in p;

/** The syntax of a YAML document (the `yamlcode` field type). */
export function validateYaml(code: string): CodeValidationResult {
  const parsed = parseYaml(code);
  return isResult(parsed) ? parsed : ok;
}

/** A structural problem: where (path) and what. */
interface Problem {
  path: Path;
  what: string;
}

const isObject = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const PARAMETER_PLACES = new Set(['query', 'header', 'path', 'cookie']);
const STATUS = /^(default|[1-5](\d\d|XX))$/;
const VERSION = /^3\.(\d+)\.\d+(-[0-9A-Za-z.-]+)?$/;

function checkParameters(list: unknown, path: Path, problems: Problem[]): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) {
    problems.push({ path, what: 'parameters must be a list' });
    return;
  }
  for (const [i, p] of (list as unknown[]).entries()) {
    const here = [...path, i];
    if (!isObject(p)) {
      problems.push({ path: here, what: 'a parameter must be an object' });
      continue;
    }
    if ('$ref' in p) continue;
    if (!isText(p.name)) problems.push({ path: here, what: 'a parameter needs a name' });
    if (typeof p.in !== 'string' || !PARAMETER_PLACES.has(p.in))
      problems.push({ path: [...here, 'in'], what: 'in must be query, header, path or cookie' });
    else if (p.in === 'path' && p.required !== true)
      problems.push({ path: here, what: 'a path parameter must say required: true' });
  }
}

function checkResponses(responses: unknown, path: Path, needed: boolean, problems: Problem[]): void {
  if (responses === undefined) {
    if (needed) problems.push({ path: path.slice(0, -1), what: 'an operation needs responses' });
    return;
  }
  if (!isObject(responses) || Object.keys(responses).length === 0) {
    problems.push({ path, what: 'responses must map at least one status code to a response' });
    return;
  }
  for (const [status, response] of Object.entries(responses)) {
    const here = [...path, status];
    if (!STATUS.test(status)) {
      problems.push({ path: here, what: `"${status}" is not a status code (200, 4XX or default)` });
    } else if (!isObject(response)) {
      problems.push({ path: here, what: 'a response must be an object' });
    } else if (!('$ref' in response) && typeof response.description !== 'string') {
      problems.push({ path: here, what: 'a response needs a description' });
    }
  }
}

/** The problems of a parsed document, in document order as far as the checks go; [] when valid. */
function openApiProblems(doc: unknown): Problem[] {
  const problems: Problem[] = [];
  if (!isObject(doc)) return [{ path: [], what: 'an OpenAPI document is an object (a map of keys)' }];
  const version = typeof doc.openapi === 'string' ? VERSION.exec(doc.openapi) : null;
  if (!version) {
    problems.push({ path: ['openapi'], what: 'openapi must be a 3.x.y version, as in "3.0.3"' });
    return problems;
  }
  const minor = Number(version[1]);
  if (!isObject(doc.info)) problems.push({ path: ['info'], what: 'info must be an object' });
  else {
    if (!isText(doc.info.title)) problems.push({ path: ['info', 'title'], what: 'info needs a title' });
    if (!isText(doc.info.version))
      problems.push({ path: ['info', 'version'], what: 'info needs a version (text, as in "1.2.0")' });
  }
  if (doc.servers !== undefined) {
    if (!Array.isArray(doc.servers)) problems.push({ path: ['servers'], what: 'servers must be a list' });
    else
      doc.servers.forEach((s, i) => {
        if (!isObject(s) || !isText(s.url))
          problems.push({ path: ['servers', i], what: 'a server needs a url' });
      });
  }
  // 3.0 requires paths; 3.1 allows a document of only webhooks or components.
  if (doc.paths === undefined) {
    if (minor === 0 || (doc.webhooks === undefined && doc.components === undefined))
      problems.push({ path: [], what: 'the document needs paths' });
  } else if (!isObject(doc.paths)) {
    problems.push({ path: ['paths'], what: 'paths must be an object' });
  } else {
    const operationIds = new Map<string, string>();
    for (const [route, item] of Object.entries(doc.paths)) {
      const here = ['paths', route];
      if (!route.startsWith('/')) problems.push({ path: here, what: 'a path must start with "/"' });
      if (!isObject(item)) {
        problems.push({ path: here, what: 'a path item must be an object' });
        continue;
      }
      checkParameters(item.parameters, [...here, 'parameters'], problems);
      for (const method of METHODS) {
        const operation = item[method];
        if (operation === undefined) continue;
        const at = [...here, method];
        if (!isObject(operation)) {
          problems.push({ path: at, what: 'an operation must be an object' });
          continue;
        }
        checkParameters(operation.parameters, [...at, 'parameters'], problems);
        checkResponses(operation.responses, [...at, 'responses'], minor === 0, problems);
        const id = operation.operationId;
        if (id !== undefined) {
          if (!isText(id)) problems.push({ path: [...at, 'operationId'], what: 'operationId must be text' });
          else if (operationIds.has(id))
            problems.push({
              path: [...at, 'operationId'],
              what: `operationId "${id}" is used twice (also at ${operationIds.get(id)})`,
            });
          else operationIds.set(id, pointer(at));
        }
      }
    }
  }
  for (const key of ['components', 'webhooks'] as const) {
    if (doc[key] !== undefined && !isObject(doc[key]))
      problems.push({ path: [key], what: `${key} must be an object` });
  }
  return problems;
}

/** Refusal for a document nested deeper than the parsers' recursion goes. */
const TOO_DEEP: CodeValidationResult = {
  isSuccess: false,
  message: 'The code is nested too deeply to be checked',
};

/** An OpenAPI 3.x document in JSON or YAML: its syntax, then its structure. */
export function validateOpenApi(code: string): CodeValidationResult {
  try {
    if (code.trim() === '') return at(1, 1, 'the document is empty');
    const parsed = code.trimStart().startsWith('{') ? parseJson(code) : parseYaml(code);
    if (isResult(parsed)) return parsed;
    const problem = openApiProblems(parsed.value)[0];
    if (!problem) return { isSuccess: true, message: 'This is a valid OpenAPI 3 document' };
    const { line, column } = position(code, parsed.offsetOf(problem.path));
    return at(line, column, `${problem.what} (at ${pointer(problem.path)})`);
  } catch (error) {
    // Deep nesting overflows the recursive parsers; too many aliases is the yaml package's refusal.
    if (error instanceof RangeError) return TOO_DEEP;
    if (error instanceof ReferenceError || (error instanceof Error && /alias/i.test(error.message)))
      return { isSuccess: false, message: `The document could not be read: ${error.message.slice(0, 200)}` };
    throw error;
  }
}
