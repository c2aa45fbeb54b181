/**
 * The key that encrypts the built-in provider's signing key and cookie keys at rest
 * (docs/adr/0024-keys-at-rest.md): SECRETS_KEY (32 bytes, base64 or hex), else a key generated once
 * into `$DATA_DIR/secrets.key`. Values are sealed with AES-256-GCM and name their key by an id
 * derived from it, so a start with a new key and the previous one (SECRETS_KEY_PREVIOUS) knows
 * which key opens a value, and a start with a wrong key says so instead of failing later.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface SecretsKey {
  /** Derived from the key (a hash, 16 hex digits): stored beside each value it sealed. */
  id: string;
  key: Buffer;
  /** Where the key came from, for messages: `SECRETS_KEY`, `SECRETS_KEY_PREVIOUS` or the file. */
  source: string;
}

export interface SecretsKeys {
  current: SecretsKey;
  previous?: SecretsKey | undefined;
}

/** A start that cannot open the stored keys, or lacks the key to: the message names what to set. */
export class SecretsKeyError extends Error {}

/** 32 bytes from 64 hex digits or from base64 / base64url (padded or not); otherwise undefined. */
export function parseSecretsKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

const secretsKey = (key: Buffer, source: string): SecretsKey => ({
  key,
  source,
  id: createHash('sha256').update('bm-tools secrets key id\0').update(key).digest('hex').slice(0, 16),
});

/** A value sealed with AES-256-GCM, as stored (JSON). */
export interface Sealed {
  sealed: 'aes-256-gcm';
  keyId: string;
  iv: string;
  tag: string;
  data: string;
}

export function isSealed(value: unknown): value is Sealed {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.sealed === 'aes-256-gcm' &&
    typeof v.keyId === 'string' &&
    typeof v.iv === 'string' &&
    typeof v.tag === 'string' &&
    typeof v.data === 'string'
  );
}

/** Seals a JSON value; `context` (the row's name) is authenticated too, so a value cannot be moved. */
export function seal(value: unknown, key: SecretsKey, context: string): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    sealed: 'aes-256-gcm',
    keyId: key.id,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/** Opens a sealed value with its key; a changed value or another key throws SecretsKeyError. */
export function unseal(sealed: Sealed, key: SecretsKey, context: string): unknown {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const text = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
    return JSON.parse(text.toString('utf8'));
  } catch {
    throw new SecretsKeyError(
      `The stored "${context}" secrets do not decrypt with ${key.source} (key id ${key.id}): they were changed or damaged`,
    );
  }
}

const KEY_FILE = 'secrets.key';

/**
 * The key of a start without SECRETS_KEY: read from `$DATA_DIR/secrets.key`, made there (mode 0600)
 * on the first start. Concurrent first starts agree: the file appears whole (written aside, then
 * linked into place) and only once.
 */
async function keyFileKey(dataDir: string, log: (msg: string) => void): Promise<SecretsKey> {
  const file = path.join(dataDir, KEY_FILE);
  const read = async () => {
    const text = await readFile(file, 'utf8');
    const key = parseSecretsKey(text);
    if (!key)
      throw new SecretsKeyError(
        `${file} does not hold a 32-byte key (base64 or hex): restore it, or set SECRETS_KEY`,
      );
    return secretsKey(key, file);
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(aside, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    await link(aside, file);
    log(`generated the secrets key into ${file}: keep it with the data (or set SECRETS_KEY)`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(aside).catch(() => {});
  }
  return read();
}

/** The keys of this start: SECRETS_KEY (else the data directory's file) and SECRETS_KEY_PREVIOUS. */
export async function secretsKeysOf(
  config: { secretsKey: Buffer | undefined; secretsKeyPrevious: Buffer | undefined; dataDir: string },
  log: (msg: string) => void,
): Promise<SecretsKeys> {
  return {
    current: config.secretsKey
      ? secretsKey(config.secretsKey, 'SECRETS_KEY')
      : await keyFileKey(config.dataDir, log),
    previous: config.secretsKeyPrevious && secretsKey(config.secretsKeyPrevious, 'SECRETS_KEY_PREVIOUS'),
  };
}
