/** The page title (the menu's, or a dynamic page's name) with the toolbar beside it, kept in view. */
import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../shell/usePageTitle.ts';
import classes from './formHeader.module.css';

export function FormHeader({ title, toolbar }: { title?: string | undefined; toolbar?: ReactNode }) {
  const menuTitle = usePageTitle();
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="xs" className={classes.header}>
      <Title order={1} size="h3">
        {title || menuTitle}
      </Title>
      {toolbar && (
        <Group gap="xs" role="toolbar" aria-label="Form actions">
          {toolbar}
        </Group>
      )}
    </Group>
  );
}
