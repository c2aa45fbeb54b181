/**
 * Validates code typed into a form's code field with a real parser per language, answering
 * `{isSuccess, message}` where a failure names the line and column.
 * JSON: JSON.parse (jsonc-parser, strict, to locate the error); JavaScript: acorn; CSS: css-tree; XML: fast-xml-parser's validator;
 * HTML: parse5 (the WHATWG parser); C#: tree-sitter's C# grammar (WebAssembly, loaded once); YAML: the
 * `yaml` package; `openapi`: an OpenAPI 3.x document in JSON or YAML (validate-openapi.ts).
 */
import type { CodeValidationResult, CodeValidatorName } from '@bm/contracts';
import { parse as parseJs } from 'acorn';
import * as cssTree from 'css-tree';
import { XMLValidator } from 'fast-xml-parser';
import { type ParseError, parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import { parseFragment } from 'parse5';
import { validateCSharp } from './validate-csharp.ts';
import { validateOpenApi, validateYaml } from './validate-openapi.ts';

const ok: CodeValidationResult = { isSuccess: true, message: 'Your code is valid' };
const fail = (line: number, column: number, what: string): CodeValidationResult => ({
  isSuccess: false,
  message: `Line ${line}, column ${column}: ${what}`,
});

/** Line and column (1-based) of a character offset. */
export function position(code: string, offset: number): { line: number; column: number } {
  const before = code.slice(0, Math.max(0, offset));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

function validateJson(code: string): CodeValidationResult {
  try {
    JSON.parse(code);
    return ok;
  } catch {
    // JSON.parse says what but not always where; jsonc-parser, strict, gives the offset.
    const errors: ParseError[] = [];
    parseJsonc(code, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const { line, column } = position(code, first?.offset ?? 0);
    return fail(line, column, first ? printParseErrorCode(first.error) : 'Invalid JSON');
  }
}

function validateJavaScript(code: string): CodeValidationResult {
  try {
    parseJs(code, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true });
    return ok;
  } catch (error) {
    const { loc, message } = error as { loc?: { line: number; column: number }; message: string };
    return fail(loc?.line ?? 1, (loc?.column ?? 0) + 1, message.replace(/ \(\d+:\d+\)$/, ''));
  }
}

function validateCss(code: string): CodeValidationResult {
  let first: CodeValidationResult | undefined;
  cssTree.parse(code, {
    positions: true,
    onParseError: (error) => {
      const e = error as unknown as { line?: number; column?: number; message: string };
      first ??= fail(e.line ?? 1, e.column ?? 1, e.message);
    },
  });
  return first ?? ok;
}

function validateXml(code: string): CodeValidationResult {
  const result = XMLValidator.validate(code, { allowBooleanAttributes: true });
  if (result === true) return ok;
  return fail(result.err.line, result.err.col, result.err.msg);
}

/** Parse errors a fragment may legitimately have (it is not a whole document). */
const HTML_FRAGMENT_OK = new Set(['missing-doctype']);

function validateHtml(code: string): CodeValidationResult {
  let first: CodeValidationResult | undefined;
  parseFragment(code, {
    onParseError: (error) => {
      if (HTML_FRAGMENT_OK.has(error.code)) return;
      first ??= fail(error.startLine, error.startCol, error.code.replaceAll('-', ' '));
    },
  });
  return first ?? ok;
}

const VALIDATORS: Record<
  CodeValidatorName,
  (code: string) => CodeValidationResult | Promise<CodeValidationResult>
> = {
  jsoncode: validateJson,
  jscode: validateJavaScript,
  csscode: validateCss,
  xmlcode: validateXml,
  htmlcode: validateHtml,
  cscode: validateCSharp,
  yamlcode: validateYaml,
  openapi: validateOpenApi,
};

/** The answer for code nested deeper than a parser's recursion goes: not checkable, so not valid. */
export const TOO_DEEP: CodeValidationResult = {
  isSuccess: false,
  message: 'The code is nested too deeply to be checked',
};

/**
 * Parses synchronously on the calling thread: the API calls it from its worker pool only
 * (validation-pool.ts), never on the event loop.
 */
export async function validateCode(type: CodeValidatorName, code: string): Promise<CodeValidationResult> {
  try {
    return await VALIDATORS[type](code);
  } catch (error) {
    // Recursive parsers (jsonc-parser, acorn, css-tree, the C# tree walk) overflow the stack on
    // input like "[" × 500,000; that is the sender's input, not a fault of ours.
    if (error instanceof RangeError) return TOO_DEEP;
    throw error;
  }
}
