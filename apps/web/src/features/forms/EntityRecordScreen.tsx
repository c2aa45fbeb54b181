/**
 * The create, edit, view and bulk-edit routes of an entity: the route's
 * right picks the preset, the route table gives the rights around it, and the entity's segment its
 * edit, view and list paths.
 */
import { useLocation } from 'react-router';
import { matchAppRoute } from '../../app/routes/matchAppRoute.ts';
import type { AppRoute, ScreenKind } from '../../app/routes/routeTable.ts';
import { entityScreenRights } from '../access/screenRights.ts';
import { RecordScreenView } from './RecordScreenView.tsx';
import type { RecordScreen } from './recordScreen.ts';

const MODES: Partial<Record<ScreenKind, RecordScreen['mode']>> = {
  create: 'create',
  edit: 'edit',
  view: 'view',
  bulkedit: 'bulkupdate',
};

export const isRecordKind = (kind: ScreenKind): boolean => MODES[kind] !== undefined;

export function EntityRecordScreen({ route }: { route: AppRoute }) {
  const { pathname } = useLocation();
  const id = matchAppRoute(pathname)?.id;
  const listPath = route.listPath ?? '';
  const base = listPath.replace(/\/list$/, '');
  const screen: RecordScreen = {
    mode: MODES[route.kind] ?? 'edit',
    id,
    presetRight: route.right,
    rights: entityScreenRights(listPath),
    editPath: (recordId) => `${base}/edit/${recordId}`,
    viewPath: (recordId) => `${base}/view/${recordId}`,
    listPath: listPath || undefined,
  };
  return <RecordScreenView screen={screen} />;
}
