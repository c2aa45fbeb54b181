/** The thin progress bar shown while any call is in flight (the global loading counter is above 0). */
import { useLoadingCount } from '../../app/http/HttpContext.tsx';
import { BusyBar } from './BusyBar.tsx';
import classes from './shell.module.css';

export function LoadingBar() {
  const count = useLoadingCount();
  if (count === 0) return null;
  return <BusyBar className={classes.loadingBar} label="Loading" />;
}
