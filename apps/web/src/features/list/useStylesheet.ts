/**
 * Loads a preset's `cssUrl` as a stylesheet link while the list is shown. Only a
 * stylesheet of our own origin is loaded: a shared preset stored before the server checked its URL
 * must not pull another site's CSS into every member's console.
 */
import { isAllowedStylesheetUrl } from '@bm/contracts';
import { useEffect } from 'react';

/** The stylesheet to load for `href`, or undefined when there is none or it is not ours. */
export function stylesheetHref(href: string | undefined, appOrigin: string): string | undefined {
  if (!href?.trim() || !isAllowedStylesheetUrl(href, appOrigin)) return undefined;
  return href.trim();
}

export function useStylesheet(href: string | undefined): void {
  const allowed = stylesheetHref(href, window.location.origin);
  useEffect(() => {
    if (!allowed) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = allowed;
    link.dataset.presetCss = 'true';
    document.head.append(link);
    return () => link.remove();
  }, [allowed]);
}
