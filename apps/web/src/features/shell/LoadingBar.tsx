/** The thin progress bar shown while any call is in flight (the global loading counter is above 0). */
import { Progress } from '@mantine/core';
import { useLoadingCount } from '../../app/http/HttpContext.tsx';
import classes from './shell.module.css';

export function LoadingBar() {
  const count = useLoadingCount();
  if (count === 0) return null;
  return (
    <Progress
      className={classes.loadingBar}
      value={100}
      size={3}
      radius={0}
      striped
      animated
      aria-label="Loading"
    />
  );
}
