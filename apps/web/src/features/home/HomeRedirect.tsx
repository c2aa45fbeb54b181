/**
 * `/`: once menu, rights and the server's route table have loaded, goes to the stored after-login
 * URL or the first permitted menu entry in the server's home order. A user who may open nothing sees
 * the 401 screen.
 */
import { Center, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { takeAfterLoginUrl } from '../../app/auth/afterLoginUrl.ts';
import { useAppRoutes } from '../../app/routes/useAppRoutes.ts';
import { AccessDenied } from '../access/AccessDenied.tsx';
import { useUserRights } from '../access/useUserRights.ts';
import { LoadFailedNotice } from '../errors/LoadFailedNotice.tsx';
import { useMenu } from '../menu/menuQueries.ts';
import { chooseHomePath } from './chooseHomePath.ts';

export function HomeRedirect() {
  const { query: rightsQuery, rights } = useUserRights();
  const menu = useMenu();
  const appRoutes = useAppRoutes();
  const navigate = useNavigate();
  const [nowhere, setNowhere] = useState(false);
  // The stored URL is handed out once; development double effects must not decide twice.
  const decided = useRef(false);

  useEffect(() => {
    if (decided.current || !rightsQuery.isSuccess || !menu.isSuccess || !appRoutes.isSuccess) return;
    decided.current = true;
    const target = chooseHomePath({
      menu: menu.data,
      rights,
      afterLoginUrl: takeAfterLoginUrl(window.sessionStorage),
      homeOrder: appRoutes.data.homeOrder,
    });
    if (target) navigate(target, { replace: true });
    else setNowhere(true);
  }, [
    rightsQuery.isSuccess,
    menu.isSuccess,
    menu.data,
    appRoutes.isSuccess,
    appRoutes.data,
    rights,
    navigate,
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
  if (nowhere) return <AccessDenied rights={rights} />;
  return (
    <Center py="xl">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}
