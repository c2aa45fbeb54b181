/**
 * What a source file imports, for the tests that check the import graphs of the API (import
 * direction) and of the web app (folder layering).
 */
import { readFileSync } from 'node:fs';
import { parseSync } from 'oxc-parser';

/**
 * The module specifiers a file imports or re-exports: static, type-only and dynamic (a dynamic
 * import of a computed name has none), read by a real parser so comments and strings never count.
 */
export function importSpecifiers(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const { module } = parseSync(file, source);
  const dynamic = module.dynamicImports.map(
    ({ moduleRequest: { start, end } }) => /^(['"`])(.*)\1$/.exec(source.slice(start, end))?.[2],
  );
  return [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) =>
      e.entries.flatMap((x) => (x.moduleRequest ? [x.moduleRequest.value] : [])),
    ),
    ...dynamic.filter((name): name is string => name !== undefined),
  ];
}
