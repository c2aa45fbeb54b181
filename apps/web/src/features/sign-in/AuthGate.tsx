/** Lets signed-in users through to the shell; everyone else sees the sign-in view. */
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../app/auth/SessionContext.tsx';
import { FullPageLoader } from './FullPageLoader.tsx';
import { SignInView } from './SignInView.tsx';

export function AuthGate() {
  const { session, snapshot } = useSession();
  useEffect(() => {
    void session.restore();
  }, [session]);

  if (snapshot.status === 'signedIn') return <Outlet />;
  if (snapshot.status === 'signedOut') return <SignInView />;
  return <FullPageLoader label="Checking your session…" />;
}
