/** Remembers the current address as the user's last visited page whenever a screen that opens is shown. */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../app/auth/SessionContext.tsx';
import { useScreenState } from '../access/useScreenState.ts';
import { rememberLastVisited } from './lastVisited.ts';

export function useRememberLastVisited(): void {
  const { pathname, search } = useLocation();
  const { snapshot } = useSession();
  const screenOf = useScreenState();
  const user = snapshot.user?.profile.sub;
  useEffect(() => {
    if (!user || !screenOf) return;
    const url = `${pathname}${search}`;
    if (screenOf(url) === 'open') rememberLastVisited(window.localStorage, user, url);
  }, [user, screenOf, pathname, search]);
}
