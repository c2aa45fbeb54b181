/**
 * Tells the menu which links lead to screens that are not set up, judged from the route table, the
 * user's rights and the runtime config (see features/access/screenAvailability.ts).
 */
import { type ReactNode, useCallback } from 'react';
import { useScreenState } from '../access/useScreenState.ts';
import { UnsetScreensContext } from '../menu/UnsetScreens.tsx';

export function UnsetScreensProvider({ children }: { children: ReactNode }) {
  const screenOf = useScreenState();
  const isUnset = useCallback((link: string) => screenOf?.(link) === 'unset', [screenOf]);
  return <UnsetScreensContext.Provider value={isUnset}>{children}</UnsetScreensContext.Provider>;
}
