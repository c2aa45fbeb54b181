/**
 * The left navbar: All menu and Favorites tabs, the 'Search menu' box
 * that filters both, and the menu tree. A failed menu fetch stays silent but offers a retry.
 */

import type { MenuItem } from '@bm/contracts';
import { Button, Kbd, ScrollArea, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { FavoritesList } from './FavoritesList.tsx';
import { filterMenu } from './filterMenu.ts';
import { MenuTree } from './MenuTree.tsx';
import classes from './menu.module.css';
import { useFavorites, useMenu } from './menuQueries.ts';
import { useSlashShortcut } from './useSlashShortcut.ts';

const NO_ITEMS: readonly MenuItem[] = [];

export function MenuNavbar() {
  const menu = useMenu();
  const favorites = useFavorites();
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<string | null>('all');
  const searchRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  useSlashShortcut(() => searchRef.current?.focus());

  const items = menu.data ?? NO_ITEMS;
  const filtered = useMemo(() => filterMenu(items, query), [items, query]);
  const favoriteIds = useMemo(() => new Set((favorites.data ?? []).map((f) => f.menuId)), [favorites.data]);

  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false} className={classes.navbar}>
      <Tabs.List grow>
        <Tabs.Tab value="all">All menu</Tabs.Tab>
        <Tabs.Tab value="favorites">Favorites</Tabs.Tab>
      </Tabs.List>
      <TextInput
        ref={searchRef}
        label="Search menu"
        placeholder="Search menu"
        size="xs"
        my="xs"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setQuery('');
          if (event.key === 'ArrowDown' && focusResult(resultsRef.current, 0)) event.preventDefault();
        }}
        leftSection={<IconSearch size={14} aria-hidden />}
        rightSection={<Kbd size="xs">/</Kbd>}
      />
      <ScrollArea
        flex={1}
        type="auto"
        viewportRef={resultsRef}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          const links = resultLinks(resultsRef.current);
          const at = links.indexOf(document.activeElement as HTMLElement);
          if (at < 0) return;
          event.preventDefault();
          if (event.key === 'ArrowUp' && at === 0) return searchRef.current?.focus();
          links[Math.min(links.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1))]?.focus();
        }}
      >
        <Tabs.Panel value="all">
          {menu.isError ? (
            <Stack gap="xs" p="sm" align="flex-start">
              <Text size="sm">The menu could not be loaded.</Text>
              <Button size="xs" variant="light" onClick={() => void menu.refetch()}>
                Retry
              </Button>
            </Stack>
          ) : query.trim() && menu.data && filtered.items.length === 0 ? (
            <Text size="sm" c="dimmed" p="sm" role="status">
              No matches
            </Text>
          ) : (
            <MenuTree items={filtered.items} openIds={filtered.openIds} favoriteIds={favoriteIds} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="favorites">
          <FavoritesList
            favorites={favorites.data ?? (favorites.isError ? [] : undefined)}
            menu={items}
            query={query}
          />
        </Tabs.Panel>
      </ScrollArea>
    </Tabs>
  );
}

/** The menu's links in view, in order: what ArrowDown and ArrowUp move through. */
function resultLinks(container: HTMLElement | null): HTMLElement[] {
  return container ? [...container.querySelectorAll<HTMLElement>('a[href]')] : [];
}

/** Puts the cursor on the n-th result; false when there is none. */
function focusResult(container: HTMLElement | null, index: number): boolean {
  const link = resultLinks(container)[index];
  link?.focus();
  return link !== undefined;
}
