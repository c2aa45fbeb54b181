/**
 * The stores of this start: uploaded files and finished exports, in the local folders (STORAGE_DIR,
 * EXPORT_STORAGE_DIR) or, with STORAGE_URL, in one S3-compatible bucket under its prefix:
 * `{prefix}uploads/{folder}/{name}` and `{prefix}exports/xlsx/{id}-{attempt}-{random}.xlsx`
 * (docs/adr/0030-object-storage.md).
 */
import type { AppConfig } from '../config.ts';
import { type FileStore, localFileStore } from './file-store.ts';

export interface FileStores {
  uploads: FileStore;
  exports: FileStore;
  /** Where they are, for the start's log line. */
  where: string;
  /** Closes the bucket's connections (nothing to do for folders). */
  close(): void;
}

/**
 * Opens the stores. With a bucket, it must answer (HeadBucket) before the server starts: a wrong
 * name, endpoint or key stops the start with a message naming STORAGE_URL instead of failing the
 * first upload. The SDK is loaded only then: a start on folders does not pay for it.
 */
export async function openFileStores(config: AppConfig): Promise<FileStores> {
  const settings = config.objectStorage;
  if (!settings) {
    return {
      uploads: localFileStore(config.storageDir),
      exports: localFileStore(config.exports.storageDir),
      where: `folders ${config.storageDir} and ${config.exports.storageDir}`,
      close: () => {},
    };
  }
  const [{ HeadBucketCommand }, { s3ClientOf, s3FileStore }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('./s3-file-store.ts'),
  ]);
  const client = s3ClientOf(settings);
  const where = `s3://${settings.bucket}/${settings.prefix}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
  } catch (error) {
    client.destroy();
    const { name, message, $metadata } = error as {
      name?: string;
      message?: string;
      $metadata?: { httpStatusCode?: number };
    };
    const status = $metadata?.httpStatusCode ? ` (HTTP ${$metadata.httpStatusCode})` : '';
    throw new Error(
      `STORAGE_URL: the bucket ${where} does not answer: ${name ?? 'Error'}${status}${message ? `: ${message}` : ''}`,
    );
  }
  return {
    uploads: s3FileStore(client, { bucket: settings.bucket, prefix: `${settings.prefix}uploads/` }),
    exports: s3FileStore(client, { bucket: settings.bucket, prefix: `${settings.prefix}exports/` }),
    where,
    close: () => client.destroy(),
  };
}
