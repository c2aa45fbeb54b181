/**
 * `/`: once menu, rights, the server's route table and the dashboards have loaded, goes to the
 * stored after-login URL, the page the user last visited, the first dashboard showing them anything,
 * or the first menu entry whose screen opens for them, in the server's home order (chooseHomePath). A user who may open nothing is told that nothing is set up
 * for their role, rather than that they were refused something they never asked for.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { takeAfterLoginUrl } from '../../app/auth/afterLoginUrl.ts';
import { useSession } from '../../app/auth/SessionContext.tsx';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { useAppRoutes } from '../../app/routes/useAppRoutes.ts';
import { useScreenState } from '../access/useScreenState.ts';
import { useUserRights } from '../access/useUserRights.ts';
import { LoadFailedNotice } from '../errors/LoadFailedNotice.tsx';
import { StatusPage } from '../errors/StatusPage.tsx';
import { ScreenLoader } from '../loading/ScreenLoader.tsx';
import { useMenu } from '../menu/menuQueries.ts';
import { chooseHomePath } from './chooseHomePath.ts';
import { readLastVisited } from './lastVisited.ts';

export function HomeRedirect() {
  const { query: rightsQuery, rights } = useUserRights();
  const menu = useMenu();
  const appRoutes = useAppRoutes();
  const screenOf = useScreenState();
  const user = useSession().snapshot.user?.profile.sub;
  const navigate = useNavigate();
  const http = useHttp();
  // No dashboard (or none loaded) leaves the menu's order to decide.
  const dashboards = useQuery({
    queryKey: ['dashboards', 'home'],
    queryFn: ({ signal }) => http.request<{ id: string }[]>('/api/dashboards', { signal, silent: true }),
    retry: false,
  });
  const [nowhere, setNowhere] = useState(false);
  // The stored URL is handed out once; development double effects must not decide twice.
  const decided = useRef(false);

  useEffect(() => {
    if (decided.current || !screenOf || !menu.isSuccess || !appRoutes.isSuccess || dashboards.isPending)
      return;
    const first = Array.isArray(dashboards.data) ? dashboards.data[0] : undefined;
    decided.current = true;
    const target = chooseHomePath({
      menu: menu.data,
      rights,
      afterLoginUrl: takeAfterLoginUrl(window.sessionStorage),
      lastVisited: user ? readLastVisited(window.localStorage, user) : null,
      homeOrder: appRoutes.data.homeOrder,
      screenOf,
      firstDashboard: first ? `/dashboard/${first.id}` : null,
    });
    if (target) navigate(target, { replace: true });
    else setNowhere(true);
  }, [
    screenOf,
    user,
    menu.isSuccess,
    menu.data,
    appRoutes.isSuccess,
    appRoutes.data,
    rights,
    navigate,
    dashboards.isPending,
    dashboards.data,
  ]);

  if (rightsQuery.isError) {
    return (
      <LoadFailedNotice
        message="Your rights could not be loaded."
        onRetry={() => void rightsQuery.refetch()}
      />
    );
  }
  if (menu.isError) {
    return <LoadFailedNotice message="The menu could not be loaded." onRetry={() => void menu.refetch()} />;
  }
  if (appRoutes.isError) {
    return (
      <LoadFailedNotice
        message="The app's screens could not be loaded."
        onRetry={() => void appRoutes.refetch()}
      />
    );
  }
  if (nowhere) {
    return (
      <StatusPage title="Nothing is set up for your role yet">
        Your account can't open any screen of the console yet. Please contact your administrator.
      </StatusPage>
    );
  }
  return <ScreenLoader />;
}
