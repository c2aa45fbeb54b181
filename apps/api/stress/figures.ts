/**
 * Figures of the stress scenarios (`npm run test:stress`). Each scenario records its figures here;
 * the runner (scripts/stress.mjs) reads every file under `.tmp/stress/` after the run and prints one
 * table, the same table that docs/reliability.md holds.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Figure {
  /** What is measured, e.g. "list p50 / p99" or "saves acknowledged and found after the cut". */
  figure: string;
  /** The measured value as people read it, e.g. "4.1 ms / 38 ms" or "412 of 412". */
  value: string;
  /** What it must be, e.g. "zero 5xx" or "every 2xx save present". */
  target: string;
  ok: boolean;
}

const FIGURES_DIR = path.resolve(import.meta.dirname, '../../../.tmp/stress');

/** Writes (replaces) the figures of one scenario, e.g. `recordFigures('load', [...])`. */
export function recordFigures(scenario: string, figures: readonly Figure[]): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const file = path.join(FIGURES_DIR, `${scenario.replace(/[^a-z0-9-]/gi, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ scenario, recordedAt: new Date().toISOString(), figures }, null, 2)}\n`,
  );
}
