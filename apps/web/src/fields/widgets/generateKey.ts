/**
 * The key generator: a SHA-256 hex string the user cannot type, drawn from a cryptographically
 * secure source with at least 128 bits instead of 5 characters (the keys guard accounts' API access).
 */
export const KEY_ENTROPY_BYTES = 32;

export async function generateKey(random: Crypto = globalThis.crypto): Promise<string> {
  const seed = random.getRandomValues(new Uint8Array(KEY_ENTROPY_BYTES));
  const digest = await random.subtle.digest('SHA-256', seed);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
