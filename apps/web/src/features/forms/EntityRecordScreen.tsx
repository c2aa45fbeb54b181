/**
 * The create, edit, view and bulk-edit routes of an entity: the route's
 * right picks the preset, the server's route table gives the rights around it, and the entity's
 * segment its edit, view and list paths.
 *
 * The form engine and its field widgets load when a record screen opens, not with the lists: this
 * module stays small because the list route imports it (through the entity screen) to tell record
 * screens apart.
 */
import type { AppRoute, ScreenKind } from '@bm/contracts';
import { lazy, Suspense } from 'react';
import { entityScreenRights } from '../access/screenRights.ts';
import { ScreenLoader } from '../loading/ScreenLoader.tsx';
import type { RecordScreen } from './recordScreen.ts';

const RecordScreenView = lazy(async () => ({
  default: (await import('./RecordScreenView.tsx')).RecordScreenView,
}));

const MODES: Partial<Record<ScreenKind, RecordScreen['mode']>> = {
  create: 'create',
  edit: 'edit',
  view: 'view',
  bulkedit: 'bulkupdate',
};

export const isRecordKind = (kind: ScreenKind): boolean => MODES[kind] !== undefined;

interface EntityRecordScreenProps {
  route: AppRoute;
  id: number | undefined;
  table: readonly AppRoute[];
}

export function EntityRecordScreen({ route, id, table }: EntityRecordScreenProps) {
  const listPath = route.listPath ?? '';
  const base = listPath.replace(/\/list$/, '');
  const screen: RecordScreen = {
    mode: MODES[route.kind] ?? 'edit',
    id,
    presetRight: route.right,
    rights: entityScreenRights(listPath, table),
    editPath: (recordId) => `${base}/edit/${recordId}`,
    viewPath: (recordId) => `${base}/view/${recordId}`,
    listPath: listPath || undefined,
    singular: route.singular,
    titleField: route.titleField,
    listLabel: route.label,
    references: route.references,
    related: route.related,
    history: route.history,
  };
  return (
    <Suspense fallback={<ScreenLoader label="Loading the form" />}>
      <RecordScreenView screen={screen} />
    </Suspense>
  );
}
