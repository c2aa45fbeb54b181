/**
 * C# validation with tree-sitter's C# grammar through web-tree-sitter (WebAssembly: no native
 * build). The parser loads once, lazily; the first ERROR or MISSING node gives line and column.
 */
import { createRequire } from 'node:module';
import type { CodeValidationResult } from '@bm/contracts';
import { Language, type Node, Parser } from 'web-tree-sitter';

const require = createRequire(import.meta.url);
let parser: Promise<Parser> | undefined;

function loadParser(): Promise<Parser> {
  parser ??= (async () => {
    await Parser.init({ locateFile: () => require.resolve('web-tree-sitter/tree-sitter.wasm') });
    const language = await Language.load(require.resolve('tree-sitter-c-sharp/tree-sitter-c_sharp.wasm'));
    const p = new Parser();
    p.setLanguage(language);
    return p;
  })();
  return parser;
}

function firstProblem(node: Node): Node | undefined {
  if (node.isError || node.isMissing) return node;
  if (!node.hasError) return undefined;
  for (const child of node.children) {
    if (!child) continue;
    const found = firstProblem(child);
    if (found) return found;
  }
  return node;
}

export async function validateCSharp(code: string): Promise<CodeValidationResult> {
  const tree = (await loadParser()).parse(code);
  if (!tree) return { isSuccess: false, message: 'The code could not be parsed' };
  try {
    const problem = firstProblem(tree.rootNode);
    if (!problem) return { isSuccess: true, message: 'Your code is valid' };
    const { row, column } = problem.startPosition;
    const what = problem.isMissing
      ? `missing ${problem.type}`
      : `unexpected ${JSON.stringify(problem.text.slice(0, 30))}`;
    return { isSuccess: false, message: `Line ${row + 1}, column ${column + 1}: syntax error, ${what}` };
  } finally {
    tree.delete();
  }
}
