/**
 * The Favorites tab: starred menu entries, named from the menu, filtered by the menu search; or the
 * spec's two empty texts.
 */
import type { Favorite, MenuItem } from '@bm/contracts';
import { Loader, Stack, Text } from '@mantine/core';
import { MenuLeaf } from './MenuLeaf.tsx';
import classes from './menu.module.css';
import { linkedItems } from './menuTree.ts';

interface FavoritesListProps {
  favorites: readonly Favorite[] | undefined;
  menu: readonly MenuItem[];
  query: string;
}

export function FavoritesList({ favorites, menu, query }: FavoritesListProps) {
  if (!favorites) return <Loader size="sm" m="sm" aria-label="Loading favorites" />;
  const byId = new Map(linkedItems(menu).map((item) => [item.id, item]));
  const needle = query.trim().toLowerCase();
  const entries = favorites
    .map((favorite) => {
      const item = byId.get(favorite.menuId);
      return { ...item, id: favorite.menuId, name: item?.name ?? favorite.path, linkTo: favorite.path };
    })
    .filter((entry) => entry.name.toLowerCase().includes(needle));

  if (entries.length === 0) {
    return (
      <Stack gap={4} p="sm">
        <Text size="sm" fw={500}>
          No favorites found
        </Text>
        <Text size="sm" c="dimmed">
          Activate stars prev to menu items to make them favorites.
        </Text>
      </Stack>
    );
  }
  return (
    <ul className={classes.list}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <MenuLeaf item={entry} favorite />
        </li>
      ))}
    </ul>
  );
}
