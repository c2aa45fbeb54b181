/**
 * Where a form goes when it is left: the redirecturl
 * parameter, then the action's RedirectUrl, then the list of the current right, then the list page
 * of a page config the user may open, else browser back. A target starting with http is followed only
 * to an origin the runtime config allows (`redirectOrigins`, or the app's own); an in-app path must start
 * with a single '/'. A target failing these checks is skipped, never followed.
 */
import { queryParam } from '../../app/routes/queryParam.ts';

export type ReturnTarget =
  | { kind: 'external'; url: string }
  | { kind: 'path'; path: string }
  | { kind: 'back' };

export interface ReturnInput {
  /** The address's query string (redirecturl, any case). */
  search: string;
  actionRedirectUrl?: string | undefined;
  /** The list of the current right, when the user holds its List right. */
  listPath?: string | undefined;
  /** A page config's list page with a right the user holds. */
  pageConfigListPath?: string | undefined;
  redirectOrigins: readonly string[];
  appOrigin: string;
}

export const readRedirectParam = (search: string): string | undefined => queryParam(search, 'redirecturl');

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** A safe target for `raw`, or undefined when it may not be followed. */
export function toReturnTarget(
  raw: string | undefined,
  redirectOrigins: readonly string[],
  appOrigin: string,
): ReturnTarget | undefined {
  if (!raw) return undefined;
  if (/^http/i.test(raw)) {
    const origin = originOf(raw);
    if (!origin || !/^https?:$/i.test(new URL(raw).protocol)) return undefined;
    if (origin === appOrigin) {
      const url = new URL(raw);
      return { kind: 'path', path: `${url.pathname}${url.search}${url.hash}` };
    }
    const allowed = redirectOrigins.map(originOf).filter((o): o is string => o !== undefined);
    return allowed.includes(origin) ? { kind: 'external', url: raw } : undefined;
  }
  // '//host' and '/\host' would leave the app; anything not starting with '/' is no path of ours.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  return { kind: 'path', path: raw };
}

export function resolveReturnTarget(input: ReturnInput): ReturnTarget {
  const { redirectOrigins, appOrigin } = input;
  const candidates = [
    readRedirectParam(input.search),
    input.actionRedirectUrl,
    input.listPath,
    input.pageConfigListPath,
  ];
  for (const candidate of candidates) {
    const target = toReturnTarget(candidate?.trim(), redirectOrigins, appOrigin);
    if (target) return target;
  }
  return { kind: 'back' };
}
