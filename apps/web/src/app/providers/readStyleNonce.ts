/**
 * The nonce for Mantine's generated `<style>` tags, when the server issues one. The build marks the
 * page with a `csp-nonce` meta tag holding a placeholder that the server replaces per response
 * (Vite `html.cspNonce`); an unreplaced placeholder means no nonce is in use.
 */

export const CSP_NONCE_PLACEHOLDER = '__BM_CSP_NONCE__';

export function readStyleNonce(doc: Document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide the nonce attribute once applied; the property keeps it.
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce && nonce !== CSP_NONCE_PLACEHOLDER ? nonce : undefined;
}
