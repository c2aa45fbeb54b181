/**
 * A path no static screen claims: the page config whose route it is, behind the right of its action
 * list, else the not-found page. Page configs load silently; while they load the
 * shell shows a loader rather than a premature 404.
 */
import { AccessGuard, anyoneSignedIn, requireRight } from '../access/AccessGuard.tsx';
import { NotFoundPage } from '../errors/NotFoundPage.tsx';
import { ScreenLoader } from '../loading/ScreenLoader.tsx';
import { usePageConfigs } from '../page-configs/pageConfigQueries.ts';
import { matchPageConfig, pageRight } from '../page-configs/pageConfigRoutes.ts';
import { DynamicPage } from './DynamicPage.tsx';

const nobody = () => false;

export function DynamicRoute({ pathname }: { pathname: string }) {
  const configs = usePageConfigs();
  if (configs.isPending) {
    return <ScreenLoader label="Loading the page" />;
  }
  const list = configs.data ?? [];
  const match = matchPageConfig(pathname, list);
  if (!match) {
    return (
      <AccessGuard rule={anyoneSignedIn}>
        <NotFoundPage />
      </AccessGuard>
    );
  }
  const right = pageRight(match.config, match.id);
  return (
    <AccessGuard rule={right ? requireRight(right) : nobody}>
      <DynamicPage config={match.config} id={match.id} configs={list} />
    </AccessGuard>
  );
}
