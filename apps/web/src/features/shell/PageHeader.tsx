/** The page title at the top of the content, with the page's toolbar on the same line. */
import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../menu/usePageTitle.ts';

/** `title` replaces the menu's (a map list is headed by its record). */
export function PageHeader({ toolbar, title: own }: { toolbar?: ReactNode; title?: string | undefined }) {
  const menuTitle = usePageTitle();
  const title = own ?? menuTitle;
  return (
    <Group justify="space-between" align="center" mb="sm" wrap="nowrap">
      <Title order={1} size="h3">
        {title}
      </Title>
      {toolbar && <Group gap="xs">{toolbar}</Group>}
    </Group>
  );
}
