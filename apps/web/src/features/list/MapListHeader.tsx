/**
 * The top of a map list: the record's text as the title, Back to list, and the record itself (read
 * with a paged filter on its id). While it loads the menu's title stands; if it cannot be read the
 * grid below says why (its own call fails the same way).
 */
import type { MapHeader } from '@bm/contracts';
import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../shell/PageHeader.tsx';
import { MapHeaderCard } from './MapHeaderCard.tsx';
import { headerTitle, useMapHeader } from './mapHeader.ts';

interface MapListHeaderProps {
  map: { recordId: number; header: MapHeader | undefined; listPath: string };
  columnToggle: ReactNode;
}

export function MapListHeader({ map, columnToggle }: MapListHeaderProps) {
  const record = useMapHeader(map.header, map.recordId);
  const row = record.data ?? undefined;
  const title = map.header && row ? headerTitle(map.header.title, row) : undefined;
  return (
    <>
      <PageHeader
        title={title}
        toolbar={
          <>
            {columnToggle}
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={map.listPath}
              leftSection={<IconArrowLeft size={14} aria-hidden />}
            >
              Back to list
            </Button>
          </>
        }
      />
      {map.header && row && <MapHeaderCard header={map.header} record={row} />}
    </>
  );
}
