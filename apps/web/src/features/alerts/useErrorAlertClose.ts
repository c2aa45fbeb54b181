/** Runs `handler` whenever an error alert closes, for as long as the calling component is mounted. */
import { useEffect, useRef } from 'react';
import { onErrorAlertClose } from './errorAlert.tsx';

export function useErrorAlertClose(handler: () => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onErrorAlertClose(() => latest.current()), []);
}
