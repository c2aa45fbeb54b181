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
