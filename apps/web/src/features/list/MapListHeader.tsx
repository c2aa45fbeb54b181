/**
 * The top of a map list: the record's text as the title, Back to list, and the record itself (read
 * with a paged filter on its id). When the record is the one being mapped, for a user with the Map
 * right, its own actions (map-actions/MapRecordButtons: Add to blacklist and Disable with a note,
 * Restore while it is blacklisted or disabled; a toast with Undo after each), and the way to the
 * area's mapping queue; the record's state is read again after every action. While it loads the
 * menu's title stands; if it cannot be read the grid below says why (its own call fails the same
 * way).
 */
import { Button } from '@mantine/core';
import { IconArrowLeft, IconListCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MapRecordButtons } from '../map-actions/MapRecordButtons.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { MapHeaderCard } from './MapHeaderCard.tsx';
import { headerTitle, MAP_HEADER_KEY, useMapHeader } from './mapHeader.ts';
import type { MapScreen } from './useListController.ts';
import { listKey } from './useListData.ts';

interface MapListHeaderProps {
  map: MapScreen;
  columnToggle: ReactNode;
}

export function MapListHeader({ map, columnToggle }: MapListHeaderProps) {
  const record = useMapHeader(map.header, map.recordId);
  const queryClient = useQueryClient();
  const row = record.data ?? undefined;
  const title = map.header && row ? headerTitle(map.header.title, row) : undefined;
  const recordActions = map.canMap ? map.header?.recordActions : undefined;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [MAP_HEADER_KEY] }),
      queryClient.invalidateQueries({ queryKey: listKey(map.source) }),
    ]);
  const name = title ?? `#${map.recordId}`;
  const queue = map.canMap ? map.header?.queue : undefined;
  return (
    <>
      <PageHeader
        title={title}
        toolbar={
          <>
            {recordActions && (
              <MapRecordButtons
                source={map.source}
                storedProcedure={recordActions.storedProcedure}
                recordId={map.recordId}
                recordName={name}
                status={row?.mapStatus}
                onChange={refresh}
              />
            )}
            {queue && (
              <Button
                size="xs"
                variant="default"
                component={Link}
                to={queue.path}
                leftSection={<IconListCheck size={14} aria-hidden />}
              >
                Mapping queue
              </Button>
            )}
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
