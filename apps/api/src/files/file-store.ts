/**
 * Where stored files are kept: uploaded files and finished exports, each through one small
 * interface. Two implementations: a local folder (this file; the default, and what the embedded
 * start uses) and an S3-compatible bucket (s3-file-store.ts: a multipart upload fed by the stream,
 * GetObject, DeleteObject, ListObjectsV2, ListMultipartUploads and AbortMultipartUpload). Nothing
 * else in the server touches the file system or the bucket for them (docs/adr/0030-object-storage.md).
 * Keys are made by the server (`xlsx/12-1-…`, `pages/images/banner-….png`), never by a client, and
 * are still checked so a bad one cannot leave the root.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file being written: the stream to write it through, then `done` or `abort`. */
export interface FileUpload {
  stream: Writable;
  /** Waits for every byte to be stored and makes the file visible under its key; its size. */
  done(): Promise<number>;
  /** Drops what was written; the key stays free. */
  abort(): Promise<void>;
}

interface StoredFile {
  stream: Readable;
  size: number;
}

/** A key in the store: a finished file, or an upload begun under that key and never finished. */
export interface StoredKey {
  key: string;
  unfinished: boolean;
}

export interface FileStore {
  begin(key: string): Promise<FileUpload>;
  /** The stored file, or null when there is none under the key. */
  open(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Every finished file and unfinished upload whose key starts with `prefix` (e.g. `xlsx/`). */
  list(prefix: string): Promise<StoredKey[]>;
  /** Drops an upload left unfinished under `key` (its process killed mid-write); none is not an error. */
  removeUnfinished(key: string): Promise<void>;
}

/**
 * A key: up to eight folders of letters, digits, `-` and `_`, then a name that may also hold dots
 * (never two in a row, and never the `.part` of a local upload in progress).
 */
const KEY = /^(?:[A-Za-z0-9][A-Za-z0-9_-]{0,63}\/){0,8}[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const PART = '.part';

/** The key itself when it is one the stores accept; throws otherwise. */
export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.includes('..') || key.endsWith(PART)) {
    throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
  }
  return key;
}

/** Whether a listed name is a key the stores make (anything else under the root is left alone). */
export const isStorageKey = (key: string): boolean => KEY.test(key) && !key.includes('..');

export function localFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const fileOf = (key: string): string => {
    const file = path.resolve(base, checkedKey(key));
    if (!file.startsWith(base + path.sep)) throw new Error(`Storage key leaves the root: ${key}`);
    return file;
  };
  return {
    async begin(key) {
      const file = fileOf(key);
      const part = `${file}${PART}`;
      await mkdir(path.dirname(file), { recursive: true });
      // The writer writes into a pass-through; the copy to disk runs beside it, with backpressure.
      const stream = new PassThrough({ highWaterMark: 1024 * 1024 });
      const written = pipeline(stream, createWriteStream(part, { flags: 'wx' }));
      written.catch(() => {});
      return {
        stream,
        async done() {
          await written;
          await rename(part, file);
          return (await stat(file)).size;
        },
        async abort() {
          stream.destroy();
          await written.catch(() => {});
          await rm(part, { force: true });
        },
      };
    },
    async open(key) {
      const file = fileOf(key);
      try {
        const found = await stat(file);
        if (!found.isFile()) return null;
        return { stream: createReadStream(file), size: found.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const found: StoredKey[] = [];
      const walk = async (dir: string): Promise<void> => {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(full);
          else if (entry.isFile()) {
            const relative = path.relative(base, full).split(path.sep).join('/');
            const unfinished = relative.endsWith(PART);
            const key = unfinished ? relative.slice(0, -PART.length) : relative;
            if (key.startsWith(prefix) && isStorageKey(key)) found.push({ key, unfinished });
          }
        }
      };
      // Only the folder the prefix names is walked (`xlsx/` → `<root>/xlsx`).
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      await walk(path.join(base, folder));
      return found;
    },
    async removeUnfinished(key) {
      await rm(`${fileOf(key)}${PART}`, { force: true });
    },
  };
}
