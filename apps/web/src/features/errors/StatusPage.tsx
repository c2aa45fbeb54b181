/** The layout shared by the 401, 404, 428 and error pages: a code, a title, a line of text, actions. */
import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface StatusPageProps {
  code?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

export function StatusPage({ code, title, children, actions }: StatusPageProps) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      {code && (
        <Text fz={48} fw={700} c="dimmed" lh={1}>
          {code}
        </Text>
      )}
      <Title order={2}>{title}</Title>
      {children && <Text c="dimmed">{children}</Text>}
      {actions}
    </Stack>
  );
}

export function HomeButton() {
  return (
    <Button component={Link} to="/" variant="light" mt="sm">
      Go to the start page
    </Button>
  );
}
