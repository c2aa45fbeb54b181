import { describe, expect, it } from 'vitest';
import { position, TOO_DEEP, validateCode } from './validate-code.ts';

describe('validateCode', () => {
  it.each([
    ['jsoncode', '{"a": [1, 2]}'],
    ['jscode', 'const x = (a) => a * 2;\nreturn x(2);'],
    ['csscode', '.a { color: red; }\n@media (max-width: 600px) { .b { display: none } }'],
    ['xmlcode', '<root><a x="1">text</a></root>'],
    ['htmlcode', '<div class="a"><p>Hello <b>world</b></p></div>'],
    ['cscode', 'public class A { public int Twice(int x) { return x * 2; } }'],
    ['yamlcode', 'a: 1\nlist:\n  - x\n  - { y: 2 }\n'],
  ] as const)('accepts valid %s', async (type, code) => {
    expect(await validateCode(type, code)).toEqual({ isSuccess: true, message: 'Your code is valid' });
  });

  it.each([
    ['jsoncode', '{\n  "a": 1,\n  "b": }', 'Line 3, column'],
    ['jscode', 'const x = 1;\nconst = 2;', 'Line 2, column 7'],
    ['csscode', '.a { color: red; }\n.b { color: red; } }', 'Line 2'],
    ['xmlcode', '<root>\n  <a></b>\n</root>', 'Line 2'],
    ['htmlcode', '<div>\n<p a="1" a="2">x</p></div>', 'Line 2'],
    ['cscode', 'public class A {\n  public int Twice(int x) { return x * ; }\n}', 'Line 2'],
    ['yamlcode', 'a: 1\nb: [1, 2\nc: 3', 'Line 3'],
    [
      'openapi',
      'openapi: 3.0.3\ninfo:\n  title: T\n  version: "1"\npaths:\n  pets: {}\n',
      'Line 6, column 3',
    ],
  ] as const)('refuses invalid %s with a line and column', async (type, code, where) => {
    const result = await validateCode(type, code);
    expect(result.isSuccess).toBe(false);
    expect(result.message).toContain(where);
    expect(result.message).toMatch(/^Line \d+, column \d+: .+/);
  });

  it.each([
    ['jsoncode', '['.repeat(200_000)],
    ['jsoncode', '{"a":'.repeat(40_000)],
  ] as const)(
    'answers %s nested past the parser stack as not valid, not an exception',
    async (type, code) => {
      expect(await validateCode(type, code)).toEqual(TOO_DEEP);
    },
  );

  it('computes positions from offsets', () => {
    expect(position('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(position('', 0)).toEqual({ line: 1, column: 1 });
  });
});
