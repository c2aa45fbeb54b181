/** The page title at the top of the content, with the page's toolbar on the same line. */
import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../menu/usePageTitle.ts';

export function PageHeader({ toolbar }: { toolbar?: ReactNode }) {
  const title = usePageTitle();
  return (
    <Group justify="space-between" align="center" mb="sm" wrap="nowrap">
      <Title order={1} size="h3">
        {title}
      </Title>
      {toolbar && <Group gap="xs">{toolbar}</Group>}
    </Group>
  );
}
