/** Loads a preset's `cssUrl` as a stylesheet link while the list is shown (core §3 "Preset"). */
import { useEffect } from 'react';

export function useStylesheet(href: string | undefined): void {
  useEffect(() => {
    if (!href) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.presetCss = 'true';
    document.head.append(link);
    return () => link.remove();
  }, [href]);
}
