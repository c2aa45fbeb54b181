/**
 * `POST /api/files/upload`: one file (`file`) into a folder (`directory`) of the uploads' store
 * (the STORAGE_DIR folder, or the bucket of STORAGE_URL). Size and type are limited, the stored
 * name is ours (never the client's path), and the type is checked against the file's first bytes,
 * not only its name. Only the Create or Edit right of a form with an upload field may upload, and
 * only into a folder such a form names. A file part under another name is drained and refused (left
 * unread it would stall the request), and a malformed body (no boundary, cut short) is a 400, not a
 * 500.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../auth/access.ts';
import { HttpError } from '../http/http-error.ts';
import type { FileStore } from './file-store.ts';
import { uploadFolders, uploadReaders } from './form-field-rights.ts';
import { uploadFolder } from './storage-path.ts';

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const ONE_FILE = '1 file is the maximum number of files you can drop here';

/** Extension → magic bytes (null: text formats, checked for NUL bytes instead). */
const TYPES: Record<string, number[] | null> = {
  png: [0x89, 0x50, 0x4e, 0x47],
  jpg: [0xff, 0xd8, 0xff],
  jpeg: [0xff, 0xd8, 0xff],
  gif: [0x47, 0x49, 0x46, 0x38],
  webp: [0x52, 0x49, 0x46, 0x46],
  pdf: [0x25, 0x50, 0x44, 0x46],
  xlsx: [0x50, 0x4b, 0x03, 0x04],
  csv: null,
  txt: null,
  json: null,
};

function checkType(filename: string, content: Buffer): string {
  const ext = path.extname(filename).slice(1).toLowerCase();
  if (!(ext in TYPES)) {
    throw new HttpError(
      400,
      `Files of type .${ext.slice(0, 10) || '?'} are not accepted (${Object.keys(TYPES).join(', ')})`,
      {
        file: 'This file type is not accepted',
      },
    );
  }
  const magic = TYPES[ext];
  const matches = magic ? magic.every((byte, i) => content[i] === byte) : !content.includes(0);
  if (!matches)
    throw new HttpError(400, `The file's content is not a .${ext} file`, {
      file: 'The content does not match its type',
    });
  return ext;
}

/**
 * The types an uploaded file is served with: none runs in a browser (no HTML, SVG or script type;
 * text formats as plain text). With `attachment`, `nosniff` and a sandboxing CSP a polyglot (a PNG
 * header before HTML, a PDF with script) is saved, never rendered in our origin.
 */
const SERVED_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/plain; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  json: 'text/plain; charset=utf-8',
};
/** A stored file's path as the upload route makes it: folders as resolveDirectory allows, our name. */
const STORED_PATH = new RegExp(
  `^(?:[A-Za-z0-9][A-Za-z0-9_-]{0,63}/){0,8}[A-Za-z0-9_-]{1,60}-[0-9a-f]{12}\\.(?:${Object.keys(TYPES).join('|')})$`,
);
const SANDBOX_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

const tooLarge = () => {
  const message = `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;
  return new HttpError(413, message, { file: message });
};

/** Multipart errors that are the sender's fault; anything else busboy throws is a malformed body too. */
function multipartError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const { code, statusCode, message } = error as { code?: string; statusCode?: number; message?: string };
  // The multipart limit stops a second file before we see it.
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, ONE_FILE, { file: ONE_FILE });
  // The part stream stops at the limit and toBuffer throws: 413 naming the limit, nothing stored.
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (statusCode && statusCode >= 400 && statusCode < 500) return new HttpError(statusCode, String(message));
  return new HttpError(
    400,
    `The multipart body is malformed: ${String(message ?? 'unreadable').slice(0, 100)}`,
  );
}

/** Reads and drops the rest of a part nobody wants, so the parser can go on to the next one. */
async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const _chunk of stream) {
    // discarded
  }
}

/** Stores the checked file under its key: all of it, or nothing (a failed write leaves no file). */
async function store(files: FileStore, key: string, content: Buffer): Promise<void> {
  const upload = await files.begin(key);
  try {
    upload.stream.end(content);
    await upload.done();
  } catch (error) {
    await upload.abort().catch(() => {});
    throw error;
  }
}

export async function uploadRoutes(app: FastifyInstance, opts: { store: FileStore }): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024 },
  });
  // Computed once: the Create/Edit rights whose forms have an upload field, and their folders.
  const folders = uploadFolders();
  const uploadRights = [...folders.keys()].sort();
  const readers = uploadReaders(folders);

  app.post(
    '/api/files/upload',
    {
      config: { access: { anyOf: uploadRights }, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['files'], summary: 'Upload one file' },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new HttpError(400, 'Send multipart/form-data with file and directory');
      let directory = '';
      let file: { filename: string; content: Buffer } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'directory') directory = String(part.value ?? '');
            continue;
          }
          if (part.fieldname !== 'file') {
            // An unread file part would stall the parser (and the request) for ever.
            await drain(part.file);
            const name = part.fieldname.slice(0, 50);
            throw new HttpError(400, `Unexpected file part "${name}": send the file as "file"`, {
              [name]: 'Send the file as "file"',
            });
          }
          if (file) throw new HttpError(400, ONE_FILE, { file: ONE_FILE });
          const content = await part.toBuffer();
          if (part.file.truncated) throw tooLarge();
          file = { filename: part.filename, content };
        }
      } catch (error) {
        throw multipartError(error);
      }
      const folder = uploadFolder(directory);
      const rights = await callerOf(request).rights();
      const allowed = uploadRights.some((right) => rights.has(right) && folders.get(right)?.has(folder));
      if (!allowed) {
        throw new HttpError(400, `directory "${folder}" is not a folder of a form you may fill`, {
          directory: 'Is not an allowed folder',
        });
      }
      if (!file) throw new HttpError(400, 'file is required', { file: 'Choose a file' });
      const ext = checkType(file.filename, file.content);
      const base =
        path
          .basename(file.filename, path.extname(file.filename))
          .replace(/[^A-Za-z0-9_-]+/g, '-')
          .slice(0, 60) || 'file';
      const name = `${base}-${randomBytes(6).toString('hex')}.${ext}`;
      const filePath = [folder, name].filter(Boolean).join('/');
      await store(opts.store, filePath, file.content);
      return { filePath };
    },
  );

  // An uploaded file, back: as a download, never rendered inline (see SERVED_TYPES). A file is read
  // by whoever may see the records of an area whose form stores into its folder (any right of that
  // area); anyone else gets the same 404 as for a file that does not exist, so a path learnt
  // elsewhere tells them nothing. A path that is not one the upload route makes is a 404 before the
  // store is asked. The file streams from the store (a folder or the bucket), never whole in memory.
  app.get(
    '/api/files/*',
    {
      config: { access: 'user' },
      schema: { tags: ['files'], summary: 'Download an uploaded file' },
    },
    async (request, reply) => {
      const relative = String((request.params as { '*'?: string })['*'] ?? '');
      if (!STORED_PATH.test(relative)) throw new HttpError(404, 'No such file');
      const folder = path.posix.dirname(relative);
      const rights = await callerOf(request).rights();
      const mayRead = [...(readers.get(folder === '.' ? '' : folder) ?? [])].some((r) => rights.has(r));
      if (!mayRead) throw new HttpError(404, 'No such file');
      const file = await opts.store.open(relative);
      if (!file) throw new HttpError(404, 'No such file');
      const ext = path.posix.extname(relative).slice(1).toLowerCase();
      return reply
        .type(SERVED_TYPES[ext] ?? 'application/octet-stream')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${path.posix.basename(relative)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SANDBOX_CSP)
        .header('cross-origin-resource-policy', 'same-origin')
        .send(file.stream);
    },
  );
}
