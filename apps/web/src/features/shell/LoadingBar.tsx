/**
 * The thin progress bar shown while any call is in flight (the global loading counter is above 0).
 *
 * It stays in the page, on a compositor layer of its own, and the counter shows and hides it by
 * setting `data-idle` and `aria-hidden` on it directly: no React render, layout or paint. Mounted
 * and unmounted with each call, it cost a render in the click that made the call, a frame that laid
 * out, painted and layered the new bar, and the same again when the call ended, in the very frame
 * that showed its rows: measured at 4x CPU throttling, about a sixth of a sort's click-to-paint.
 * Hidden, its stripes stand still, so an idle console draws no frames for it.
 */
import { useLayoutEffect, useRef } from 'react';
import { useLoadingCounter } from '../../app/http/HttpContext.tsx';
import { BusyBar } from './BusyBar.tsx';
import classes from './shell.module.css';

export function LoadingBar() {
  const loading = useLoadingCounter();
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const show = () => {
      const busy = loading.get() > 0;
      element.toggleAttribute('data-idle', !busy);
      if (busy) element.removeAttribute('aria-hidden');
      else element.setAttribute('aria-hidden', 'true');
    };
    show();
    return loading.subscribe(show);
  }, [loading]);
  return <BusyBar ref={bar} idle className={classes.loadingBar} label="Loading" />;
}
