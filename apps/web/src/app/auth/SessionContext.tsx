/** Makes the session store available to screens and re-renders them when it changes. */
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { Session, SessionSnapshot } from './session.ts';

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): { session: Session; snapshot: SessionSnapshot } {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return { session, snapshot };
}
