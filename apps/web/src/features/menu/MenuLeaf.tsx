/**
 * A linked menu entry: the link (in-app, or a new tab for a full URL) and its favourite star. An
 * entry whose screen is not set up (a tool without an address, a screen without its default preset)
 * is marked, dimmed and named so, and still leads to the page that explains it.
 */
import type { MenuItem } from '@bm/contracts';
import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { FavoriteStar } from './FavoriteStar.tsx';
import classes from './menu.module.css';
import { MenuIcon } from './menuIcons.tsx';
import { firstSegment } from './menuTree.ts';
import { useIsUnsetLink } from './UnsetScreens.tsx';

const UNSET_HINT = 'Not set up yet: ask your administrator';

interface MenuLeafProps {
  item: MenuItem & { linkTo: string };
  favorite: boolean;
}

export function MenuLeaf({ item, favorite }: MenuLeafProps) {
  const { pathname } = useLocation();
  const external = /^https?:\/\//i.test(item.linkTo);
  const active = !external && firstSegment(pathname) === firstSegment(item.linkTo);
  const isUnset = useIsUnsetLink();
  const unset = !external && isUnset(item.linkTo);
  const shared = {
    label: item.name,
    leftSection: <MenuIcon name={item.icon} group={false} />,
    className: `${classes.link} ${classes.row}${unset ? ` ${classes.unset}` : ''}`,
    noWrap: true,
    // The name stays the entry's name (what staff search and speak); the mark is its description.
    ...(unset ? { title: UNSET_HINT, 'aria-description': UNSET_HINT } : {}),
  };
  return (
    <div className={classes.leaf}>
      {external ? (
        <NavLink {...shared} component="a" href={item.linkTo} target="_blank" rel="noopener noreferrer" />
      ) : (
        <NavLink
          {...shared}
          component={Link}
          to={item.linkTo}
          active={active}
          aria-current={active ? 'page' : undefined}
        />
      )}
      <FavoriteStar menuId={item.id} name={item.name} path={item.linkTo} favorite={favorite} />
    </div>
  );
}
