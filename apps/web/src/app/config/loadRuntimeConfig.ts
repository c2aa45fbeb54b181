/** Fetches and checks the runtime config the SPA boots from (`GET /api/config`). */
import { type RuntimeConfig, runtimeConfigSchema } from '@bm/contracts';

const CONFIG_PATH = '/api/config';

export async function loadRuntimeConfig(doFetch: typeof fetch = globalThis.fetch): Promise<RuntimeConfig> {
  const response = await doFetch(CONFIG_PATH, {
    credentials: 'omit',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`The configuration could not be loaded (${response.status}).`);
  const parsed = runtimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('The configuration is not valid.');
  return parsed.data;
}
