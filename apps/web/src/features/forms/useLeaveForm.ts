/** Leaves a record screen by the return order (see returnTarget.ts). */
import type { PresetDefinition } from '@bm/contracts';
import { useLocation, useNavigate } from 'react-router';
import { useRuntimeConfig } from '../../app/config/RuntimeConfigContext.tsx';
import { holds } from '../access/screenRights.ts';
import { useUserRights } from '../access/useUserRights.ts';
import { usePageConfigs } from '../page-configs/pageConfigQueries.ts';
import { pageConfigListPath } from '../page-configs/pageConfigRoutes.ts';
import type { RecordScreen } from './recordScreen.ts';
import { resolveReturnTarget } from './returnTarget.ts';

export function useLeaveForm(
  screen: RecordScreen,
  definition: PresetDefinition,
  api: string | undefined,
): () => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { redirectOrigins } = useRuntimeConfig();
  const { rights } = useUserRights();
  const configs = usePageConfigs();
  const action = screen.mode === 'view' ? undefined : definition.actions[screen.mode];

  return () => {
    const target = resolveReturnTarget({
      search,
      actionRedirectUrl: action?.RedirectUrl,
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
