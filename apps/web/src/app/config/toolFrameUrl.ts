/**
 * The address a tool page frames: its configured URL, else the fallback tool URL.
 * Only http(s) addresses are framed, so a bad config cannot run script in the page.
 */
import type { RuntimeConfig } from '@bm/contracts';

export function toolFrameUrl(
  config: Pick<RuntimeConfig, 'toolUrls' | 'fallbackToolUrl'>,
  toolKey: string,
): string | null {
  const candidate = config.toolUrls[toolKey] || config.fallbackToolUrl;
  if (!candidate) return null;
  try {
    const { protocol } = new URL(candidate);
    return protocol === 'https:' || protocol === 'http:' ? candidate : null;
  } catch {
    return null;
  }
}

/** The frame is the height of its parent less 15 px. */
export const frameHeight = (parentHeight: number): number => Math.max(0, Math.floor(parentHeight) - 15);
