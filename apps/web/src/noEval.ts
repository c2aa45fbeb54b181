/**
 * Imported first by the entry point, so it runs before any module parses at import time (the
 * contracts build some defaults with zod as they load). zod probes `new Function` once to decide
 * whether it may compile fast parsers; the probe is caught, but under our CSP (no `unsafe-eval`) the
 * browser still reports it as a violation in the console. Jitless parsing skips the probe.
 */
import { z } from 'zod';

z.config({ jitless: true });
