/**
 * Picks the list's preset once per visit — empty notice, 428 page, or a
 * preset, with a plain notice for a link it could not follow — and remounts the list view whenever another preset is
 * chosen, so the grid starts again from that preset: its filters (the right's filter history is
 * reset to them), its columns and its page size.
 */
import { PreconditionRequiredPage } from '../errors/PreconditionRequiredPage.tsx';
import { NoPresetNotice } from '../presets/NoPresetNotice.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { ListView } from './ListView.tsx';
import { type ListSessionProps, useListSession } from './useListSession.ts';

export function ListSession({ route, presets, groups, recordId }: ListSessionProps) {
  const { status, active, presetActions, choose, notices } = useListSession({ route, presets, groups });
  if (status === 'missingDefault') return <PreconditionRequiredPage />;
  if (status === 'empty' || !active) {
    return (
      <>
        <PageHeader />
        <NoPresetNotice />
      </>
    );
  }
  return (
    <ListView
      key={active.visit}
      route={route}
      recordId={recordId}
      preset={active.preset}
      firstVisit={active.visit === 0}
      chosen={active.chosen}
      presets={presets}
      groups={groups}
      presetActions={presetActions}
      onChoose={choose}
      notices={active.visit === 0 ? notices : undefined}
    />
  );
}
