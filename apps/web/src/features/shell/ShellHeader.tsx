/**
 * The header: navigation toggle on narrow screens, logo and app name, the notifications bell and the
 * user menu.
 */
import { Anchor, Burger, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRuntimeConfig } from '../../app/config/RuntimeConfigContext.tsx';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import classes from './shell.module.css';
import { UserMenu } from './UserMenu.tsx';

interface ShellHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
  withNav: boolean;
}

export function ShellHeader({ navOpened, onToggleNav, withNav }: ShellHeaderProps) {
  const { appName } = useRuntimeConfig();
  return (
    <Group className={classes.header} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {withNav && (
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            className={classes.burger}
            size="sm"
            aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
          />
        )}
        <Anchor component={Link} to="/" underline="never" c="inherit" className={classes.brand}>
          <img className={classes.logo} src="/logo.svg" alt="" />
          <Text span fw={600} size="lg">
            {appName}
          </Text>
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <NotificationBell />
        <UserMenu />
      </Group>
    </Group>
  );
}
