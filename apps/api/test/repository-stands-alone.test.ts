/**
 * The repository stands alone: no file points a reader at documents kept outside it. Comments and
 * docs say what the behaviour is, or point to our own docs (README.md, docs/adr, docs/security.md);
 * they never cite sections (section signs) of an outside specification, nor name its files or its folder.
 * Every file git tracks (or would track: untracked but not ignored) is read, except the lock file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Written as escaped patterns so this file does not match itself. */
const FORBIDDEN: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /\u00a7/, why: 'cites a section' },
  { pattern: /\.\.\/shared/, why: 'points outside the repository' },
  { pattern: /spec\/core\.md|spec\/entities\.md|contract\.md/, why: 'names an outside document' },
  { pattern: /(?<![\w/-])(ui|style|architecture)\.md\b/, why: 'names an outside document' },
];

function listedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\0'))].filter(
    (file) => file !== '' && path.basename(file) !== 'package-lock.json',
  );
}

function whyForbidden(text: string): string | undefined {
  return FORBIDDEN.find(({ pattern }) => pattern.test(text))?.why;
}

/** Every `file:line: text (why)` that breaks the rule. */
function offences(): string[] {
  const found: string[] = [];
  for (const file of listedFiles()) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue; // deleted in the work tree, not yet committed
    const bytes = readFileSync(full);
    if (bytes.includes(0)) continue; // binary
    const lines = bytes.toString('utf8').split('\n');
    lines.forEach((text, index) => {
      const why = whyForbidden(text);
      if (why) found.push(`${file}:${index + 1}: ${text.trim()} (${why})`);
    });
  }
  return found;
}

describe('the repository stands alone', () => {
  it('lists the files it checks', () => {
    const files = listedFiles();
    expect(files).toContain('README.md');
    expect(files).toContain('apps/api/test/repository-stands-alone.test.ts');
    expect(files).not.toContain('package-lock.json');
  });

  it('recognises each kind of outside reference, and lets our own docs through', () => {
    // Escaped so that this file itself stays clean.
    const cited = [
      ' * The bell (spec entities \u00a74 "Notifications"): filled with the unread count.',
      '- `.\u002e/shared/` holds the specification.',
      'See spec/core\u002emd and spec/entities\u002emd.',
      'As contract\u002emd says.',
      '/** The grid (ui\u002emd "Grids"). */',
      '(architecture\u002emd)',
    ];
    for (const line of cited) expect(whyForbidden(line), line).toBeDefined();
    const ours = [
      ' * Row actions (docs/adr/0003-list-engine.md): row click runs the first visible action.',
      'See docs/security.md and README.md.',
      "import { uiState } from './ui.ts';",
    ];
    for (const line of ours) expect(whyForbidden(line), line).toBeUndefined();
  });

  it('cites no outside specification or contract in any file', () => {
    expect(offences()).toEqual([]);
  });
});
