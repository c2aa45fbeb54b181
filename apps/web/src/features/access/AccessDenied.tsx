/**
 * What a denied user sees: the screen's name, the right it needs and a way back. The denial is logged once with the user's email and rights,
 * so an administrator can see who asked for what.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../app/auth/SessionContext.tsx';
import { displayName } from '../../app/auth/session.ts';
import { useRuntimeConfig } from '../../app/config/RuntimeConfigContext.tsx';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { UnauthorizedPage } from '../errors/UnauthorizedPage.tsx';
import { usePageTitle } from '../menu/usePageTitle.ts';

interface AccessDeniedProps {
  rights: ReadonlySet<string>;
  /** The right the screen needs, when one names it. */
  right?: string | undefined;
}

export function AccessDenied({ rights, right }: AccessDeniedProps) {
  const { appName } = useRuntimeConfig();
  const title = usePageTitle();
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

  return <UnauthorizedPage screen={title === appName ? undefined : title} right={right} />;
}
