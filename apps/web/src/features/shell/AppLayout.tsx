/**
 * The shell around every signed-in screen: a 56 px header and a 280 px
 * navbar in a Mantine AppShell, each hidden by its query-string switch (hideheader, hidemenu). Below
 * 1280 px the navbar folds away behind the header's burger, so lists keep their width on laptops. A
 * "Skip to content" link comes first for keyboard users.
 */
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useRememberLastVisited } from '../home/useRememberLastVisited.ts';
import { MenuNavbar } from '../menu/MenuNavbar.tsx';
import { useDocumentTitle } from '../menu/usePageTitle.ts';
import { useQuerySwitches } from '../switches/useQuerySwitches.ts';
import { LoadingBar } from './LoadingBar.tsx';
import { ShellHeader } from './ShellHeader.tsx';
import classes from './shell.module.css';
import { UnsetScreensProvider } from './UnsetScreensProvider.tsx';

/** The navbar folds behind the burger below this width (1280 px); see shell.module.css. */
const NAV_BREAKPOINT = '80em';

export function AppLayout() {
  const { switches } = useQuerySwitches();
  const [navOpened, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  useDocumentTitle();
  useRememberLastVisited();
  useEffect(() => {
    if (pathname) nav.close();
  }, [pathname, nav.close]);

  const withHeader = !switches.hideheader;
  const withNav = !switches.hidemenu;
  return (
    <AppShell
      header={withHeader ? { height: 56 } : undefined}
      navbar={
        withNav ? { width: 280, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !navOpened } } : undefined
      }
      padding="md"
    >
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <LoadingBar />
      {withHeader && (
        <AppShell.Header>
          <ShellHeader navOpened={navOpened} onToggleNav={nav.toggle} withNav={withNav} />
        </AppShell.Header>
      )}
      {withNav && (
        <AppShell.Navbar p="xs" aria-label="Main navigation">
          <UnsetScreensProvider>
            <MenuNavbar />
          </UnsetScreensProvider>
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
