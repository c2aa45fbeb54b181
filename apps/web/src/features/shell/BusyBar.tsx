/**
 * A thin striped bar saying "busy": the console's loading bar and the grid's while its rows load.
 *
 * Its stripes move by `transform` on a layer of their own, which the compositor animates without the
 * page's main thread. A moving background (Mantine's animated Progress) repaints on every frame
 * instead: about two paints per frame for the two bars, landing exactly while a sort or a page
 * change renders its rows.
 *
 * `className` places and sizes the bar (fixed or absolute, and its height): the stripes fill it.
 */
import type { Ref } from 'react';
import classes from './BusyBar.module.css';

interface BusyBarProps {
  label: string;
  className?: string | undefined;
  /** Starts hidden (`data-idle`, and hidden from assistive technology); see LoadingBar. */
  idle?: boolean;
  ref?: Ref<HTMLDivElement>;
}

export function BusyBar({ label, className, idle, ref }: BusyBarProps) {
  return (
    <div
      ref={ref}
      className={[classes.bar, className].filter(Boolean).join(' ')}
      role="progressbar"
      aria-label={label}
      aria-busy="true"
      aria-hidden={idle ? true : undefined}
      data-idle={idle ? '' : undefined}
    >
      <div className={classes.stripes} />
    </div>
  );
}
