/**
 * The generic list page of every `/{entity}/list` route: loads the presets of
 * the route's right and the preset groups (silently), then hands over to the session that
 * picks the preset.
 */

import type { AppRoute } from '@bm/contracts';
import { Navigate, useLocation } from 'react-router';
import { queryParam } from '../../app/routes/queryParam.ts';
import { LoadFailedNotice } from '../errors/LoadFailedNotice.tsx';
import { ScreenLoader } from '../loading/ScreenLoader.tsx';
import { usePresetGroups, usePresets } from '../presets/presetQueries.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { ListSession } from './ListSession.tsx';

/** `recordId`: a map list's record, whose candidates the list shows. */
export function ListPage({ route, recordId }: { route: AppRoute; recordId?: number | undefined }) {
  const { search } = useLocation();
  const required = route.requiredParam;
  // A list shown for one parent only goes elsewhere without it (keywords without their location).
  if (required?.otherwise && queryParam(search, required.name) === undefined)
    return <Navigate to={required.otherwise} replace />;
  return <PresetsOfList route={route} recordId={recordId} />;
}

function PresetsOfList({ route, recordId }: { route: AppRoute; recordId?: number | undefined }) {
  const presets = usePresets(route.right);
  const groups = usePresetGroups();
  if (presets.isPending || groups.isPending) {
    return (
      <>
        <PageHeader />
        <ScreenLoader label="Loading presets" />
      </>
    );
  }
  if (presets.isError) {
    return (
      <>
        <PageHeader />
        <LoadFailedNotice message="The presets could not be loaded." onRetry={() => void presets.refetch()} />
      </>
    );
  }
  return <ListSession route={route} presets={presets.data} groups={groups.data ?? []} recordId={recordId} />;
}
