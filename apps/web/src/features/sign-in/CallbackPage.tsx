/**
 * `/callback`, the return from the identity provider: completes the
 * sign-in and goes home, where the after-login URL is restored; a failure or a grant without the
 * bm-tools-api scope goes to /error.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/auth/SessionContext.tsx';
import { FullPageLoader } from './FullPageLoader.tsx';

export function CallbackPage() {
  const { session } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    session.completeSignIn(window.location.href).then(
      () => navigate('/', { replace: true }),
      () => navigate('/error', { replace: true }),
    );
  }, [session, navigate]);
  return <FullPageLoader label="Signing you in…" />;
}
