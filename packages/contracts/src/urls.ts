/**
 * Which URLs a shared preset may point at. A preset is shared with every member of its group, so
 * what it loads or opens must stay within places we trust: a stylesheet (`cssUrl`) only from our
 * own origin, and a row action's or form action's absolute URL only to an allowed redirect origin.
 * The server refuses other values at save; the web refuses them again when applying a preset
 * stored before the rule.
 */

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Backslashes and control characters: browsers drop or reinterpret them, so a host could hide. */
const hasUnsafeCharacter = (url: string): boolean =>
  [...url].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * A path on our own origin: starts with a single '/', and nothing a browser would read as another
 * host (`//host`, `/\host`, backslashes, control characters).
 */
export function isOwnPath(url: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//')) return false;
  return !hasUnsafeCharacter(url);
}

/** True for a stylesheet URL on our own origin: a path, or an absolute URL of `ownOrigin`. */
export function isAllowedStylesheetUrl(url: string, ownOrigin: string): boolean {
  const trimmed = url.trim();
  if (trimmed === '') return true;
  if (isOwnPath(trimmed)) return true;
  return /^https?:\/\//i.test(trimmed) && originOf(trimmed) === originOf(ownOrigin);
}

/**
 * True for a navigation target a preset may hold: a relative address within the app, or an
 * http(s) URL whose origin is ours or one of `redirectOrigins`. Other schemes (`javascript:`,
 * `data:`) and protocol-relative addresses are never allowed.
 */
export function isAllowedActionUrl(
  url: string,
  ownOrigin: string,
  redirectOrigins: readonly string[],
): boolean {
  const trimmed = url.trim();
  if (trimmed === '') return true;
  if (!SCHEME.test(trimmed)) {
    // A relative address: within the app unless a browser would read a host into it.
    return !trimmed.startsWith('//') && !hasUnsafeCharacter(trimmed);
  }
  if (!/^https?:\/\//i.test(trimmed)) return false;
  const origin = originOf(trimmed);
  if (!origin) return false;
  const allowed = [ownOrigin, ...redirectOrigins].map(originOf);
  return allowed.includes(origin);
}

/**
 * A definition without the URLs the rules above refuse (a foreign `cssUrl`, row-action `pageUrl`
 * or action `RedirectUrl`): what the web saves from a preset stored before the server checked
 * them, so the copy passes the check and carries nothing untrusted on.
 */
export function withoutUntrustedUrls<
  T extends {
    cssUrl?: string | undefined;
    rowActions?: ReadonlyArray<{ pageUrl?: string | undefined }>;
    actions?: Readonly<Record<string, { RedirectUrl?: string | undefined }>>;
  },
>(definition: T, ownOrigin: string, redirectOrigins: readonly string[]): T {
  const allowed = (url: string | undefined) =>
    url === undefined || isAllowedActionUrl(url, ownOrigin, redirectOrigins);
  const copy = { ...definition };
  if (copy.cssUrl !== undefined && !isAllowedStylesheetUrl(copy.cssUrl, ownOrigin)) delete copy.cssUrl;
  if (copy.rowActions) {
    copy.rowActions = copy.rowActions.map((action) => {
      if (allowed(action.pageUrl)) return action;
      const { pageUrl: _dropped, ...rest } = action;
      return rest;
    });
  }
  if (copy.actions) {
    copy.actions = Object.fromEntries(
      Object.entries(copy.actions).map(([name, action]) => {
        if (allowed(action.RedirectUrl)) return [name, action];
        const { RedirectUrl: _dropped, ...rest } = action;
        return [name, rest];
      }),
    );
  }
  return copy;
}

/**
 * A list's source as a preset may hold it: a path of this site's API (`/api/pages`), nothing but
 * letters, digits, `_` and `-` between its slashes: no origin, query, dots or doubled slashes. The
 * list fetches it with the user's bearer token, so nothing else may stand there.
 */
const API_PATH = /^\/api(?:\/[A-Za-z0-9_-]+)+$/;
export const isApiPath = (path: string): boolean => API_PATH.test(path);

const SOURCE_NOT_API_PATH = 'Must be an API path of this site, as in /api/pages';
const SOURCE_NOT_REGISTERED = 'Must be this list’s own API path';

/**
 * Why a list must not fetch `source`, or undefined when it may. `registered`: the list's own API
 * paths, when known (the server's catalogue; in the browser, the list's shipped default preset).
 * An empty source is not judged here: the list then has nothing to fetch.
 */
export function listSourceProblem(source: string, registered?: readonly string[]): string | undefined {
  if (source === '') return undefined;
  if (!isApiPath(source)) return SOURCE_NOT_API_PATH;
  if (registered && !registered.includes(source)) return SOURCE_NOT_REGISTERED;
  return undefined;
}

/**
 * A row action's address as a path under the list's own API (`{source}/…` or `{source}?…`), dot
 * segments resolved as a browser would, or undefined when it leads anywhere else. Post and download
 * actions send the user's token, so they may only call the list's own API.
 */
export function pathUnderListApi(url: string, source: string): string | undefined {
  if (!isApiPath(source) || hasUnsafeCharacter(url)) return undefined;
  const base = 'http://list.invalid';
  let resolved: URL;
  try {
    resolved = new URL(url.trim(), base);
  } catch {
    return undefined;
  }
  if (resolved.origin !== base || !resolved.pathname.startsWith(`${source}/`)) return undefined;
  return `${resolved.pathname}${resolved.search}`;
}
