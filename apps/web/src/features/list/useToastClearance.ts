/**
 * Keeps toasts off the list's pager: while the list is on screen, the space from the pager's top to
 * the bottom of the window is published as --bm-toast-lift, which lifts the toast stack above it
 * (app/providers/toasts.module.css). The toolbar is at the top, so bottom toasts never reach it.
 */
import { type RefObject, useEffect } from 'react';

const LIFT = '--bm-toast-lift';

export function useToastClearance(pager: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = pager.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const lift = Math.max(0, Math.ceil(window.innerHeight - element.getBoundingClientRect().top));
      root.style.setProperty(LIFT, `${lift}px`);
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(element);
    observer?.observe(document.body);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty(LIFT);
    };
  }, [pager]);
}
