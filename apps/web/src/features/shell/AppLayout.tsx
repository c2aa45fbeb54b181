/**
 * The shell around every signed-in screen: a 56 px header and a 280 px
 * navbar in a Mantine AppShell, each hidden by its query-string switch (hideheader, hidemenu).
 */
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MenuNavbar } from '../menu/MenuNavbar.tsx';
import { useQuerySwitches } from '../switches/useQuerySwitches.ts';
import { LoadingBar } from './LoadingBar.tsx';
import { ShellHeader } from './ShellHeader.tsx';
import { useDocumentTitle } from './usePageTitle.ts';

export function AppLayout() {
  const { switches } = useQuerySwitches();
  const [navOpened, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  useDocumentTitle();
  useEffect(() => {
    if (pathname) nav.close();
  }, [pathname, nav.close]);

  const withHeader = !switches.hideheader;
  const withNav = !switches.hidemenu;
  return (
    <AppShell
      header={withHeader ? { height: 56 } : undefined}
      navbar={withNav ? { width: 280, breakpoint: 'sm', collapsed: { mobile: !navOpened } } : undefined}
      padding="md"
    >
      <LoadingBar />
      {withHeader && (
        <AppShell.Header>
          <ShellHeader navOpened={navOpened} onToggleNav={nav.toggle} withNav={withNav} />
        </AppShell.Header>
      )}
      {withNav && (
        <AppShell.Navbar p="xs" aria-label="Main navigation">
          <MenuNavbar />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
