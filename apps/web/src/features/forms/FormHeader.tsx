/**
 * The record screen's heading (which record, and whether it is new or being edited) with the
 * toolbar beside it, kept in view; above it, a breadcrumb back to the list.
 */
import { Anchor, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../menu/usePageTitle.ts';
import classes from './formHeader.module.css';

interface FormHeaderProps {
  title?: string | undefined;
  toolbar?: ReactNode;
  /** The list the record belongs to: its heading and address. */
  list?: { label: string; path: string } | undefined;
}

export function FormHeader({ title, toolbar, list }: FormHeaderProps) {
  const menuTitle = usePageTitle();
  const heading = title || menuTitle;
  return (
    <div className={classes.header}>
      {list && (
        <nav aria-label="Breadcrumb">
          <Breadcrumbs separator="›" separatorMargin={6} fz="xs">
            <Anchor component={Link} to={list.path} size="xs">
              {list.label}
            </Anchor>
            <Text size="xs" c="dimmed" aria-current="page">
              {heading}
            </Text>
          </Breadcrumbs>
        </nav>
      )}
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Title order={1} size="h3">
          {heading}
        </Title>
        {toolbar && (
          <Group gap="xs" role="toolbar" aria-label="Form actions">
            {toolbar}
          </Group>
        )}
      </Group>
    </div>
  );
}

/** The breadcrumb's list, when the screen knows both its heading and address. */
export const listOf = (screen: { listLabel?: string | undefined; listPath?: string | undefined }) =>
  screen.listLabel && screen.listPath ? { label: screen.listLabel, path: screen.listPath } : undefined;
