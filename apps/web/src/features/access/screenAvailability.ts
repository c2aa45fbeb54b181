/**
 * Whether a link leads to a screen the user can use, from the route table the server publishes, the
 * user's rights and the runtime config. The home redirect lands only on screens that open, and the
 * menu marks entries that would only say "not set up" (a tool with no address, a preset screen
 * without its default preset).
 */
import { type AppRoute, NATIVE_TOOL_KEYS, type RuntimeConfig } from '@bm/contracts';
import { isInAppPath } from '../../app/auth/afterLoginUrl.ts';
import { toolFrameUrl } from '../../app/config/toolFrameUrl.ts';
import { matchAppRoute } from '../../app/routes/matchAppRoute.ts';

/**
 * - `open`: the screen exists and the user holds its right.
 * - `denied`: the user lacks the screen's right.
 * - `unset`: the right is held but the screen is not set up (a framed tool without address, no
 *   default preset); the native tools are always set up.
 * - `unknown`: not a screen of the route table (a page config's route, or an external link).
 */
export type ScreenState = 'open' | 'denied' | 'unset' | 'unknown';

export interface ScreenContext {
  routes: readonly AppRoute[];
  rights: ReadonlySet<string>;
  config: Pick<RuntimeConfig, 'toolUrls' | 'fallbackToolUrl'>;
}

export function screenState(link: string, { routes, rights, config }: ScreenContext): ScreenState {
  if (!isInAppPath(link)) return 'unknown';
  const path = link.split(/[?#]/, 1)[0] ?? '';
  const match = matchAppRoute(path, routes);
  if (!match) return 'unknown';
  const { route } = match;
  if (!rights.has(route.right)) return 'denied';
  if (route.kind === 'tool') {
    const key = route.toolKey ?? '';
    return NATIVE_TOOL_KEYS.includes(key) || toolFrameUrl(config, key) ? 'open' : 'unset';
  }
  return route.hasPreset === false ? 'unset' : 'open';
}
