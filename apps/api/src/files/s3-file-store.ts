/**
 * The FileStore of an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …) through the AWS SDK:
 * - a key lives at `{prefix}{key}` in the bucket (the prefix names this deployment's part of it);
 * - `begin` streams what the writer writes into a multipart upload (`@aws-sdk/lib-storage`:
 *   5 MiB parts, two in flight, so memory stays bounded whatever the file's size; a file smaller
 *   than one part is sent with one PutObject when it ends). The object appears only when the
 *   upload completes, so a half-written file is never served; a failed or aborted upload aborts
 *   its multipart upload at once;
 * - an upload its process left unfinished (killed mid-write) is a multipart upload in progress:
 *   `list` reports it (ListMultipartUploads) and `removeUnfinished` aborts it
 *   (AbortMultipartUpload), which frees its parts.
 */

import { Readable, Transform } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ObjectStorageConfig } from '../config.ts';
import { checkedKey, type FileStore, isStorageKey, type StoredKey } from './file-store.ts';

/** Part size of a multipart upload: S3's smallest (every part but the last must be at least this). */
const PART_BYTES = 5 * 1024 * 1024;
/** Parts sent at once: enough to keep the connection busy while the writer fills the next one. */
const PARTS_IN_FLIGHT = 2;

/** The SDK's client for the configured bucket's service. */
export function s3ClientOf(settings: ObjectStorageConfig): S3Client {
  return new S3Client({
    ...(settings.region ? { region: settings.region } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    ...(settings.endpoint
      ? {
          endpoint: settings.endpoint,
          // A service of its own is addressed by path (http://host:9000/bucket/key), not by a
          // bucket subdomain, and is sent checksums only where S3 requires them: the checksums the
          // SDK adds to every upload by default are refused or mishandled by some S3-compatible
          // services. AWS itself keeps the SDK's defaults.
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
  });
}

interface S3Location {
  bucket: string;
  /** Empty, or a path ending in `/` under which every key of this store lives. */
  prefix: string;
}

/**
 * S3 answers a missing key with NoSuchKey (GetObject) or a bare 404. A missing bucket is not a
 * missing file: that error goes on, to the log and a 500.
 */
function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

export function s3FileStore(client: S3Client, { bucket, prefix }: S3Location): FileStore {
  const objectKey = (key: string) => `${prefix}${checkedKey(key)}`;
  const storeKey = (objectKeyInBucket: string | undefined): string | undefined => {
    if (!objectKeyInBucket?.startsWith(prefix)) return undefined;
    const key = objectKeyInBucket.slice(prefix.length);
    return isStorageKey(key) ? key : undefined;
  };

  /** Every multipart upload in progress whose object key starts with `objectPrefix`. */
  const uploadsUnder = async (objectPrefix: string): Promise<{ key: string; uploadId: string }[]> => {
    const found: { key: string; uploadId: string }[] = [];
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await client.send(
        new ListMultipartUploadsCommand({
          Bucket: bucket,
          Prefix: objectPrefix,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (upload.Key && upload.UploadId) found.push({ key: upload.Key, uploadId: upload.UploadId });
      }
      if (!page.IsTruncated) return found;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
      if (!keyMarker && !uploadIdMarker) return found;
    }
  };

  /** Aborts every multipart upload in progress under exactly this key. */
  const abortUploads = async (key: string): Promise<void> => {
    const target = objectKey(key);
    for (const upload of await uploadsUnder(target)) {
      if (upload.key !== target) continue;
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: target, UploadId: upload.uploadId }))
        .catch((error: unknown) => {
          // Completed or aborted meanwhile: nothing is left to drop.
          if ((error as { name?: string }).name !== 'NoSuchUpload' && !isMissing(error)) throw error;
        });
    }
  };

  return {
    async begin(key) {
      let size = 0;
      // The writer writes into this; the upload reads from it, with backpressure, and counts.
      const stream = new Transform({
        highWaterMark: 1024 * 1024,
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: stream },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        // A failed upload aborts its multipart upload, so its parts are not left billed.
        leavePartsOnError: false,
      });
      const finished = upload.done();
      // A failed upload closes the writer's stream, so a writer waiting on it is not left hanging.
      finished.catch((error: unknown) => {
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return {
        stream,
        async done() {
          try {
            await finished;
          } catch (error) {
            // Whatever parts went up are dropped now rather than at the next sweep.
            await abortUploads(key).catch(() => {});
            throw error;
          }
          return size;
        },
        async abort() {
          await upload.abort().catch(() => {});
          stream.destroy();
          await finished.catch(() => {});
          await abortUploads(key).catch(() => {});
        },
      };
    },
    async open(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!(answer.Body instanceof Readable)) throw new Error(`GetObject of ${key} gave no stream`);
        return { stream: answer.Body, size: Number(answer.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async list(listPrefix) {
      const found: StoredKey[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${prefix}${listPrefix}`,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          const key = storeKey(object.Key);
          if (key) found.push({ key, unfinished: false });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      for (const upload of await uploadsUnder(`${prefix}${listPrefix}`)) {
        const key = storeKey(upload.key);
        if (key && !found.some((entry) => entry.unfinished && entry.key === key)) {
          found.push({ key, unfinished: true });
        }
      }
      return found;
    },
    removeUnfinished: abortUploads,
  };
}
