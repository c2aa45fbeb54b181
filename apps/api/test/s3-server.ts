/**
 * An S3-compatible server on a loopback port for tests: s3rver (an npm package that answers S3's
 * REST API over real HTTP, path-style, objects kept in a folder of its own; it checks a request's
 * access key, not its signature), with one bucket. s3rver does not answer two calls the stores use
 * for uploads left unfinished, ListMultipartUploads (GET /bucket?uploads) and AbortMultipartUpload
 * (DELETE /bucket/key?uploadId=…): a middleware ahead of its router answers them in S3's wire
 * format from s3rver's own record of the uploads in progress (a folder per upload holding its key
 * and parts), so the SDK's commands run unchanged. Every other call is s3rver's.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's default account, the only access key it accepts. */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The environment that points a server at the bucket under `prefix` (`a/b/` or ''). */
  env(prefix: string): Record<string, string>;
  /** The bucket's objects under `prefix`, as the S3 API lists them. */
  objects(prefix: string): Promise<{ key: string; size: number }[]>;
  close(): Promise<void>;
}

/** The part of Koa's context the middleware reads and writes. */
interface Context {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** ListMultipartUploads and AbortMultipartUpload over s3rver's folder of uploads in progress. */
function multipartUploads(directory: string): Middleware {
  const uploadsOf = (bucket: string) => path.join(directory, bucket, '._S3rver_uploads');
  return async (ctx, next) => {
    const [, bucket = '', ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (ctx.method === 'GET' && bucket && !key && 'uploads' in ctx.query) {
      const prefix = one(ctx.query.prefix);
      const ids = await readdir(uploadsOf(bucket)).catch(() => [] as string[]);
      const uploads: string[] = [];
      for (const id of ids.sort()) {
        const folder = path.join(uploadsOf(bucket), id);
        const uploadKey = await readFile(path.join(folder, 'key'), 'utf8').catch(() => undefined);
        if (uploadKey === undefined || !uploadKey.startsWith(prefix)) continue;
        const initiated = (await stat(folder)).birthtime.toISOString();
        uploads.push(
          `<Upload><Key>${xml(uploadKey)}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated>` +
            '<StorageClass>STANDARD</StorageClass></Upload>',
        );
      }
      ctx.status = 200;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        `<Bucket>${xml(bucket)}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker>` +
        `<Prefix>${xml(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
        `${uploads.join('')}</ListMultipartUploadsResult>`;
      return;
    }
    const uploadId = one(ctx.query.uploadId);
    if (ctx.method === 'DELETE' && bucket && key && uploadId) {
      const folder = path.join(uploadsOf(bucket), path.basename(uploadId));
      const uploadKey = await readFile(path.join(folder, 'key'), 'utf8').catch(() => undefined);
      if (uploadKey !== key) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body =
          '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code>' +
          `<Message>The specified upload does not exist.</Message><UploadId>${xml(uploadId)}</UploadId></Error>`;
        return;
      }
      await rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    await next();
  };
}

export async function startS3Server(bucket = 'bm-test'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'bm-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  // Ahead of every other middleware, so s3rver's router never sees the two calls it lacks.
  (server as unknown as { middleware: Middleware[] }).middleware.unshift(multipartUploads(directory));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (prefix) => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      STORAGE_S3_ENDPOINT: endpoint,
      AWS_ACCESS_KEY_ID: ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: SECRET_KEY,
      AWS_REGION: 'us-east-1',
    }),
    async objects(prefix) {
      const client = new S3Client({
        endpoint,
        forcePathStyle: true,
        region: 'us-east-1',
        credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
      });
      try {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
        return (listed.Contents ?? []).map((o) => ({ key: o.Key ?? '', size: o.Size ?? 0 }));
      } finally {
        client.destroy();
      }
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
