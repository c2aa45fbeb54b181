/** The star beside a linked menu item: marks or unmarks it as a favourite. */
import { ActionIcon } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useToggleFavorite } from './useToggleFavorite.ts';

interface FavoriteStarProps {
  menuId: number;
  name: string;
  path: string;
  favorite: boolean;
}

export function FavoriteStar({ menuId, name, path, favorite }: FavoriteStarProps) {
  const toggle = useToggleFavorite();
  return (
    <ActionIcon
      variant="subtle"
      color={favorite ? 'yellow' : 'gray'}
      size="sm"
      aria-label={favorite ? `Remove ${name} from favorites` : `Add ${name} to favorites`}
      aria-pressed={favorite}
      onClick={() => toggle.mutate({ menuId, path, favorite })}
    >
      {favorite ? <IconStarFilled size={14} aria-hidden /> : <IconStar size={14} aria-hidden />}
    </ActionIcon>
  );
}
