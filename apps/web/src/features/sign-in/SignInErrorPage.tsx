/** `/error`: the sign-in could not be completed; the user may start again. */
import { Button, Center } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../../app/auth/SessionContext.tsx';
import { StatusPage } from '../errors/StatusPage.tsx';

export function SignInErrorPage() {
  const { session } = useSession();
  const [redirecting, setRedirecting] = useState(false);
  return (
    <Center mih="100dvh" p="md">
      <StatusPage
        title="Sign-in failed"
        actions={
          <Button
            mt="sm"
            loading={redirecting}
            onClick={() => {
              setRedirecting(true);
              session.signIn('/').catch(() => setRedirecting(false));
            }}
          >
            Sign in again
          </Button>
        }
      >
        The sign-in could not be completed, or it did not grant access to the BM Tools API.
      </StatusPage>
    </Center>
  );
}
