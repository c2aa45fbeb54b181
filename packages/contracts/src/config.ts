/**
 * Runtime configuration the SPA boots from (`GET /api/config`, public). One build runs anywhere:
 * nothing here is baked in at build time.
 */
import { z } from 'zod';

export const API_SCOPE = 'bm-tools-api';
export const HUB_SCOPE = 'bm-tools-hub';

export const runtimeConfigSchema = z.object({
  appName: z.string(),
  authority: z.string().url(),
  clientId: z.string().min(1),
  scope: z.string(),
  /** Seconds; the HTTP client times out after `clientRequestTimeOut * 1000` ms. */
  clientRequestTimeOut: z.number().positive(),
  /** Tool key (roadmap, campingMonkey, carCompare, marketing, reconciliation) to the URL shown in its frame. */
  toolUrls: z.record(z.string(), z.string()),
  fallbackToolUrl: z.string(),
  /** The only origins a `redirecturl` starting with http may lead to. */
  redirectOrigins: z.array(z.string()),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
