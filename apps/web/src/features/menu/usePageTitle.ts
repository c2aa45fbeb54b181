/** The current page's title by the page title rule, for headers and the document title. */
import type { MenuItem } from '@bm/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useRuntimeConfig } from '../../app/config/RuntimeConfigContext.tsx';
import { useMenu } from './menuQueries.ts';
import { pageTitle } from './pageTitle.ts';

const NO_ITEMS: readonly MenuItem[] = [];

export function usePageTitle(): string {
  const { appName } = useRuntimeConfig();
  const menu = useMenu();
  const { pathname } = useLocation();
  return pageTitle(pathname, menu.data ?? NO_ITEMS, appName);
}

export function useDocumentTitle(): void {
  const title = usePageTitle();
  useEffect(() => {
    document.title = title;
  }, [title]);
}
