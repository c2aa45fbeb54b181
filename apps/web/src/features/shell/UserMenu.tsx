/**
 * The user menu in the header: the profile id (the email), the
 * light/dark switch (the theme follows the system until the user picks one) and Logout.
 */
import { Button, Menu, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import {
  IconChevronDown,
  IconDeviceDesktop,
  IconLogout,
  IconMoon,
  IconSun,
  IconUserCircle,
} from '@tabler/icons-react';
import { useSession } from '../../app/auth/SessionContext.tsx';
import { displayName } from '../../app/auth/session.ts';

export function UserMenu() {
  const { session, snapshot } = useSession();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const name = snapshot.user ? displayName(snapshot.user) : '';
  const dark = computed === 'dark';

  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="sm"
          leftSection={<IconUserCircle size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Theme</Menu.Label>
        <Menu.Item
          leftSection={dark ? <IconSun size={16} aria-hidden /> : <IconMoon size={16} aria-hidden />}
          onClick={() => setColorScheme(dark ? 'light' : 'dark')}
        >
          {dark ? 'Light theme' : 'Dark theme'}
        </Menu.Item>
        {colorScheme !== 'auto' && (
          <Menu.Item
            leftSection={<IconDeviceDesktop size={16} aria-hidden />}
            onClick={() => setColorScheme('auto')}
          >
            Follow system theme
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void session.signOut()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
