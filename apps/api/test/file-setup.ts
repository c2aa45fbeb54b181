/**
 * Runs in each API test file before its own code: what the file's helpers started (test/file-end.ts)
 * stops when the file ends. Registered here, first, this `afterAll` runs after the file's own.
 */
import { afterAll } from 'vitest';
import { runFileEnd } from './file-end.ts';

afterAll(runFileEnd, 60_000);
