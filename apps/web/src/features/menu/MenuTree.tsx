/**
 * The nested menu: groups open and close with a +/-
 * button, searches open the groups holding matches, linked items carry a favourite star.
 */
import type { MenuItem } from '@bm/contracts';
import { NavLink, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MenuLeaf } from './MenuLeaf.tsx';
import classes from './menu.module.css';
import { MenuIcon } from './menuIcons.tsx';
import { firstSegment, linkedItems } from './menuTree.ts';

interface MenuTreeProps {
  items: readonly MenuItem[];
  /** Groups a search wants open. */
  openIds: ReadonlySet<number>;
  favoriteIds: ReadonlySet<number>;
}

export function MenuTree({ items, openIds, favoriteIds }: MenuTreeProps) {
  return (
    <ul className={classes.list}>
      {items.map((item) => (
        <li key={item.id}>
          {item.submenu && item.submenu.length > 0 ? (
            <MenuGroup item={item} openIds={openIds} favoriteIds={favoriteIds} />
          ) : item.linkTo ? (
            <MenuLeaf item={{ ...item, linkTo: item.linkTo }} favorite={favoriteIds.has(item.id)} />
          ) : (
            <Text size="sm" c="dimmed" px="sm" py={4}>
              {item.name}
            </Text>
          )}
        </li>
      ))}
    </ul>
  );
}

interface MenuGroupProps extends Omit<MenuTreeProps, 'items'> {
  item: MenuItem;
}

function MenuGroup({ item, openIds, favoriteIds }: MenuGroupProps) {
  const { pathname } = useLocation();
  const forced = openIds.has(item.id);
  const holdsCurrentPage = linkedItems(item.submenu ?? []).some(
    (leaf) => firstSegment(leaf.linkTo ?? '') === firstSegment(pathname),
  );
  const [open, setOpen] = useState(forced || holdsCurrentPage);
  // Opened by a search or by arriving on one of its pages; the user may close it again.
  useEffect(() => {
    if (forced || holdsCurrentPage) setOpen(true);
  }, [forced, holdsCurrentPage]);

  return (
    <NavLink
      component="button"
      type="button"
      className={classes.row}
      label={item.name}
      leftSection={<MenuIcon name={item.icon} group />}
      rightSection={open ? <IconMinus size={14} aria-hidden /> : <IconPlus size={14} aria-hidden />}
      disableRightSectionRotation
      aria-label={`${open ? 'Collapse' : 'Expand'} ${item.name}`}
      aria-expanded={open}
      opened={open}
      onChange={setOpen}
      keepMounted={false}
      childrenOffset="sm"
    >
      <MenuTree items={item.submenu ?? []} openIds={openIds} favoriteIds={favoriteIds} />
    </NavLink>
  );
}
