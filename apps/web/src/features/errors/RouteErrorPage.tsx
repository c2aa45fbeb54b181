/** The router's error element: a screen that failed to render, reported once and shown in the shell. */
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { reportRenderError } from './reportRenderError.ts';
import { SomethingWentWrong } from './SomethingWentWrong.tsx';

export function RouteErrorPage() {
  const error = useRouteError();
  const http = useHttp();
  useEffect(() => {
    reportRenderError(http, error);
  }, [http, error]);
  return <SomethingWentWrong />;
}
