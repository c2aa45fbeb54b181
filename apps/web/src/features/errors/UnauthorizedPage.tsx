/**
 * What a signed-in user sees on a screen whose right they lack: which screen, which right (in words
 * and exactly, for the administrator), and a way back. It is a 403 (signed in, not allowed), so it
 * does not suggest signing in again.
 */
import { Button, Code, Group, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { plainRightName } from './plainRightName.ts';
import { HomeButton, StatusPage } from './StatusPage.tsx';

interface UnauthorizedPageProps {
  /** The screen's name, when known (its menu entry). */
  screen?: string | undefined;
  /** The right the screen needs, when one names it. */
  right?: string | undefined;
}

export function UnauthorizedPage({ screen, right }: UnauthorizedPageProps) {
  const navigate = useNavigate();
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;
  return (
    <StatusPage
      code="403"
      title={`You don't have access to ${screen ?? 'this page'}`}
      actions={
        <Group justify="center" gap="sm">
          {canGoBack && (
            <Button variant="default" mt="sm" onClick={() => navigate(-1)}>
              Go back
            </Button>
          )}
          <HomeButton />
        </Group>
      }
    >
      {right ? (
        <>
          Unauthorized: it needs the right “{plainRightName(right)}” (<Code>{right}</Code>).
        </>
      ) : (
        'Unauthorized: your account has no right that opens it.'
      )}
      <Text span display="block" mt={4}>
        Please contact your administrator.
      </Text>
    </StatusPage>
  );
}
