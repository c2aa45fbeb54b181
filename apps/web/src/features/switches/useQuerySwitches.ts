/** The current switches for any screen: the URL's over those kept for this host in session storage. */
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { type ExplicitSwitches, type QuerySwitches, resolveSwitches } from './querySwitches.ts';
import { rememberSwitches } from './switchStorage.ts';

export interface QuerySwitchState {
  switches: QuerySwitches;
  /** Only the keys some URL named, for merging over preset settings. */
  explicit: ExplicitSwitches;
}

export function useQuerySwitches(): QuerySwitchState {
  const { search } = useLocation();
  return useMemo(() => {
    const explicit = rememberSwitches(window.sessionStorage, window.location.host, search);
    return { switches: resolveSwitches(explicit), explicit };
  }, [search]);
}
