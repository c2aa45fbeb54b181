/**
 * The sign-in view for anyone unauthenticated or with an expired session. Signing in
 * keeps the address the user tried to open, for the home redirect to restore afterwards. When the
 * session expired under the user (silent renewal failed), it says so, and that the form they were
 * editing keeps its unsaved values for after the sign-in.
 */
import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../app/auth/SessionContext.tsx';
import { useRuntimeConfig } from '../../app/config/RuntimeConfigContext.tsx';
import { signInAddressProblem, signInStartFailure } from './signInAddress.ts';

export function SignInView() {
  const { session, snapshot } = useSession();
  const expired = snapshot.expired === true;
  const { appName, authority } = useRuntimeConfig();
  const location = useLocation();
  const [redirecting, setRedirecting] = useState(false);
  const wrongAddress = signInAddressProblem(window.location.origin, authority);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = wrongAddress ?? failure;

  const signIn = async (): Promise<void> => {
    setRedirecting(true);
    setFailure(null);
    try {
      await session.signIn(`${location.pathname}${location.search}${location.hash}`);
    } catch {
      setRedirecting(false);
      setFailure(signInStartFailure(window.location.origin, authority));
    }
  };

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder p="xl" radius="md" w={360}>
        <Stack align="center" gap="md">
          <img src="/logo.svg" alt="" width={48} height={48} />
          <Title order={1} size="h3">
            {appName}
          </Title>
          {expired ? (
            <Alert color="orange" title="Your session expired" w="100%" role="alert">
              Sign in again to continue. Unsaved changes on the form you were editing are kept and come back
              after you sign in.
            </Alert>
          ) : (
            <Text c="dimmed" size="sm" ta="center">
              Sign in with your company account to continue.
            </Text>
          )}
          {problem && (
            <Alert color="red" title="Sign-in cannot start here" w="100%" role="alert">
              {problem}
            </Alert>
          )}
          {wrongAddress ? (
            <Button
              fullWidth
              component="a"
              href={`${new URL(authority).origin}${location.pathname}${location.search}${location.hash}`}
            >
              Open {new URL(authority).origin}
            </Button>
          ) : (
            <Button
              fullWidth
              leftSection={<IconLogin size={16} aria-hidden />}
              loading={redirecting}
              onClick={signIn}
            >
              Sign in
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
