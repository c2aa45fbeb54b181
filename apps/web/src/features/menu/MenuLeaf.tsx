/** A linked menu entry: the link (in-app, or a new tab for a full URL) and its favourite star. */
import type { MenuItem } from '@bm/contracts';
import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { FavoriteStar } from './FavoriteStar.tsx';
import classes from './menu.module.css';
import { MenuIcon } from './menuIcons.tsx';
import { firstSegment } from './menuTree.ts';

interface MenuLeafProps {
  item: MenuItem & { linkTo: string };
  favorite: boolean;
}

export function MenuLeaf({ item, favorite }: MenuLeafProps) {
  const { pathname } = useLocation();
  const external = /^https?:\/\//i.test(item.linkTo);
  const active = !external && firstSegment(pathname) === firstSegment(item.linkTo);
  const shared = {
    label: item.name,
    leftSection: <MenuIcon name={item.icon} group={false} />,
    className: `${classes.link} ${classes.row}`,
    noWrap: true,
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
