/**
 * Leaves a record screen by the return order (see returnTarget.ts). The action's RedirectUrl may
 * name the form's values (`/keywords/list?placeId={placeId}`), filled URL-encoded from `valuesNow`.
 */
import type { PresetDefinition } from '@bm/contracts';
import { useLocation, useNavigate } from 'react-router';
import { useRuntimeConfig } from '../../app/config/RuntimeConfigContext.tsx';
import { holds } from '../access/screenRights.ts';
import { useUserRights } from '../access/useUserRights.ts';
import { fillTemplate } from '../grid/rowActions.ts';
import { usePageConfigs } from '../page-configs/pageConfigQueries.ts';
import { pageConfigListPath } from '../page-configs/pageConfigRoutes.ts';
import type { RecordScreen } from './recordScreen.ts';
import { resolveReturnTarget } from './returnTarget.ts';

export function useLeaveForm(
  screen: RecordScreen,
  definition: PresetDefinition,
  api: string | undefined,
  valuesNow?: () => Readonly<Record<string, unknown>>,
): () => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { redirectOrigins } = useRuntimeConfig();
  const { rights } = useUserRights();
  const configs = usePageConfigs();
  const action = screen.mode === 'view' ? undefined : definition.actions[screen.mode];

  const redirectUrl = (): string | undefined => {
    if (!action?.RedirectUrl || !valuesNow) return action?.RedirectUrl;
    const values = valuesNow();
    return fillTemplate(action.RedirectUrl, values, values.id);
  };

  return () => {
    const target = resolveReturnTarget({
      search,
      actionRedirectUrl: redirectUrl(),
      listPath: holds(rights, screen.rights.list) ? screen.listPath : undefined,
      pageConfigListPath: screen.pageConfigListPath ?? pageConfigListPath(configs.data ?? [], api, rights),
      redirectOrigins,
      appOrigin: window.location.origin,
    });
    if (target.kind === 'external') window.location.assign(target.url);
    else if (target.kind === 'path') navigate(target.path);
    else navigate(-1);
  };
}
