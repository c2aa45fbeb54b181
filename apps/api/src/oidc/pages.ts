/**
 * HTML of the built-in provider's own pages (sign-in, sign-out, errors), in the console's styling.
 * No inline script or style: the Content-Security-Policy allows only our own files.
 */

import {
  ACCOUNT_FREE_FAILURES,
  ADDRESS_FREE_FAILURES,
  type LoginLimitOptions,
  waitText,
} from '../auth/login-limit.ts';

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string, script?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} · BM Tools</title>
<link rel="stylesheet" href="/oidc/assets/login.css">
${script ? `<script src="${script}" defer></script>` : ''}
</head>
<body>
<main class="card">
<div class="brand"><span class="logo" aria-hidden="true">BM</span><span>BM Tools</span></div>
${body}
</main>
</body>
</html>`;
}

/** The sign-in limit in plain words (auth/login-limit.ts enforces it). */
const limitNotice = (limit: LoginLimitOptions): string =>
  `After ${ACCOUNT_FREE_FAILURES} wrong passwords for one account, or ${ADDRESS_FREE_FAILURES} from one ` +
  `network address, each further try has to wait: ${waitText(limit.baseDelayS)} at first, then twice ` +
  `as long after each wrong try, up to ${waitText(limit.maxDelayS)}.`;

export function loginPage(input: {
  action: string;
  limit: LoginLimitOptions;
  email?: string;
  error?: string;
}): string {
  const error = input.error
    ? `<p class="error" role="alert" id="login-error">${escapeHtml(input.error)}</p>`
    : '';
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
<p class="hint">Use your BM Tools staff account.</p>
${error}
<form method="post" action="${escapeHtml(input.action)}" autocomplete="on">
<label for="email">Email</label>
<input id="email" name="email" type="email" required autocomplete="username" autofocus value="${escapeHtml(input.email ?? '')}"${error ? ' aria-describedby="login-error"' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">Sign in</button>
</form>
<p class="hint" id="login-limit">${escapeHtml(limitNotice(input.limit))}</p>`,
  );
}

/** `form` is the provider's hidden logout form; the button confirms it (and logout.js submits it). */
export function logoutPage(form: string): string {
  return layout(
    'Sign out',
    `<h1>Signing out…</h1>
${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout" id="logout-confirm">Sign out</button>`,
    '/oidc/assets/logout.js',
  );
}

export function loggedOutPage(): string {
  return layout(
    'Signed out',
    '<h1>You are signed out</h1><p class="hint"><a href="/">Back to BM Tools</a></p>',
  );
}

export function errorPage(error: string, description?: string): string {
  return layout(
    'Sign-in error',
    `<h1>Sign-in could not continue</h1>
<p class="error" role="alert">${escapeHtml(error)}${description ? `: ${escapeHtml(description)}` : ''}</p>
<p class="hint"><a href="/">Back to BM Tools</a></p>`,
  );
}
