import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '#platform/errors.ts';

/** A file received into the store's temporary folder, hashed while it streamed in. */
export type ReceivedFile = { tempPath: string; hash: string; size: number };

const HASH = /^[0-9a-f]{64}$/;

/**
 * Content-addressed file store (decision 016): FILES_DIR/ab/cd/<sha256>. Uploads stream into FILES_DIR/tmp
 * (same file system, so the final rename is atomic), are hashed and counted on the way, and are refused
 * as soon as they pass the size limit — nothing is held in memory. Identical content is stored once.
 */
export function createFileStore(root: string) {
  const tmpDir = path.join(root, 'tmp');

  function pathOf(hash: string): string {
    if (!HASH.test(hash)) throw new Error(`not a sha256 hash: ${hash}`);
    return path.join(root, hash.slice(0, 2), hash.slice(2, 4), hash);
  }

  return {
    root,
    pathOf,

    /** Streams `source` into a temporary file; PAYLOAD_TOO_LARGE as soon as more than `maxBytes` arrived. */
    async receive(source: Readable, maxBytes: number): Promise<ReceivedFile> {
      await fs.promises.mkdir(tmpDir, { recursive: true });
      const tempPath = path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
      const hash = createHash('sha256');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > maxBytes) {
            callback(new AppError('PAYLOAD_TOO_LARGE'));
            return;
          }
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(source, counter, fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o640 }));
        // The multipart parser ends a file that hit its own limit silently ("truncated").
        if ((source as { truncated?: boolean }).truncated) throw new AppError('PAYLOAD_TOO_LARGE');
      } catch (error) {
        await fs.promises.rm(tempPath, { force: true });
        if (error instanceof AppError) throw error;
        throw new AppError('DOCUMENT_UPLOAD_FAILED', { cause: error });
      }
      return { tempPath, hash: hash.digest('hex'), size };
    },

    /** Moves a received file to its place; when the content is already stored, the copy is dropped. */
    async commit(file: ReceivedFile): Promise<void> {
      const target = pathOf(file.hash);
      if (fs.existsSync(target)) {
        await fs.promises.rm(file.tempPath, { force: true });
        return;
      }
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(file.tempPath, target);
    },

    async discard(file: ReceivedFile): Promise<void> {
      await fs.promises.rm(file.tempPath, { force: true });
    },

    exists(hash: string): boolean {
      return fs.existsSync(pathOf(hash));
    },

    open(hash: string): fs.ReadStream {
      return fs.createReadStream(pathOf(hash));
    },
  };
}
export type FileStore = ReturnType<typeof createFileStore>;
