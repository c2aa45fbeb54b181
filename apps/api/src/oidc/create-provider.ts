/**
 * The built-in OpenID Connect provider (oidc-provider) of the default install. The SPA is a
 * first-party public client using the code flow with PKCE; consent is implied (no consent screen).
 * Access tokens are JWTs for the `bm-tools-api` audience, issued through the resource-indicators
 * feature, and carry the account's email, which the API uses to look up rights.
 */
import { API_SCOPE, HUB_SCOPE } from '@bm/contracts';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/pool.ts';
import { findUserById } from '../users/users.ts';
import { errorPage, loggedOutPage, logoutPage } from './pages.ts';
import { pgAdapterFactory } from './pg-adapter.ts';
import type { ProviderSecrets } from './secrets.ts';

/** Resource indicator of the API (RFC 8707 needs an absolute URI); the token audience is separate. */
const API_RESOURCE = 'urn:bm-tools-api';
const OIDC_SCOPES = 'openid profile';

export function createProvider(db: Db, config: AppConfig, secrets: ProviderSecrets): Provider {
  const app = config.publicUrl;

  async function loadExistingGrant(ctx: KoaContextWithOIDC) {
    const { client, session, result } = ctx.oidc;
    if (!client || !session?.accountId) return undefined;
    const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
    if (grantId) {
      const existing = await ctx.oidc.provider.Grant.find(grantId);
      if (existing) return existing;
    }
    // First-party console: the grant is implied, so staff never see a consent screen.
    const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
    grant.addOIDCScope(OIDC_SCOPES);
    grant.addResourceScope(API_RESOURCE, `${API_SCOPE} ${HUB_SCOPE}`);
    await grant.save();
    return grant;
  }

  const configuration: Configuration = {
    adapter: pgAdapterFactory(db),
    clients: [
      {
        client_id: config.clientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [`${app}/callback`, `${app}/silent_renew.html`],
        post_logout_redirect_uris: [`${app}/`],
      },
    ],
    jwks: { keys: [secrets.signingKey as Record<string, string>] },
    cookies: { keys: secrets.cookieKeys },
    responseTypes: ['code'],
    scopes: ['openid', 'profile'],
    claims: { openid: ['sub'], profile: ['name', 'email'] },
    // The SPA reads the profile (email) from the id token; it does not call userinfo.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const user = await findUserById(db, sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: () => ({ sub: user.id, email: user.email, name: user.displayName || user.email }),
      };
    },
    // The grant lets the API refuse the token once logout has revoked it (auth/sessions.ts).
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const user = await findUserById(db, token.accountId);
      if (!user) return undefined;
      const grantId = 'grantId' in token && typeof token.grantId === 'string' ? token.grantId : undefined;
      return { email: user.email, ...(grantId ? { grant_id: grantId } : {}) };
    },
    loadExistingGrant,
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = loggedOutPage();
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== API_RESOURCE) throw new errors.InvalidTarget();
          return {
            scope: `${API_SCOPE} ${HUB_SCOPE}`,
            audience: config.audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: config.accessTokenTtl,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: config.accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: config.accessTokenTtl,
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(
        String(out.error),
        out.error_description ? String(out.error_description) : undefined,
      );
    },
  };

  const provider = new Provider(`${app}/oidc`, configuration);
  // The provider reads X-Forwarded-Proto/-Host/-For to build https URLs behind a TLS proxy. It may
  // believe them because oidc-routes.ts replaces whatever the client sent with the values Fastify
  // resolved, which honour TRUST_PROXY only.
  provider.proxy = true;

  // Logout (RP-initiated, confirmed with the session's xsrf secret) revokes the browser's grant
  // before the redirect is sent; the API refuses tokens of a revoked grant and a trigger announces
  // it, so that browser's hub sockets close on every instance (ADR 0008).
  return provider;
}
