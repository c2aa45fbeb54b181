/**
 * What a denied user sees: the 401 screen. The denial is logged once with the user's email and rights,
 * so an administrator can see who asked for what.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../app/auth/SessionContext.tsx';
import { displayName } from '../../app/auth/session.ts';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { UnauthorizedPage } from '../errors/UnauthorizedPage.tsx';

export function AccessDenied({ rights }: { rights: ReadonlySet<string> }) {
  const http = useHttp();
  const { snapshot } = useSession();
  const { pathname } = useLocation();
  const logged = useRef<string | null>(null);
  const who = snapshot.user ? displayName(snapshot.user) : 'unknown user';

  useEffect(() => {
    if (logged.current === pathname) return;
    logged.current = pathname;
    void http.log({
      level: 'warn',
      message: `Access denied to ${who} for ${pathname}. Rights: [${[...rights].join(', ')}]`,
      url: window.location.href,
    });
  }, [http, who, pathname, rights]);

  return <UnauthorizedPage />;
}
