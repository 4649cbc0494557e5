import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { AppError } from '#platform/errors.ts';
import { parseManifest, type ScormManifest } from './scorm-manifest.ts';

/** Limits of an uploaded package (decision 068): the zip itself and what it may unpack to. */
export const SCORM_LIMITS = {
  maxBytes: 200 * 1024 * 1024,
  maxEntries: 10_000,
  maxTotalUncompressed: 1024 * 1024 * 1024,
  /** Ratio uncompressed / compressed of one entry (checked above 1 MB uncompressed). */
  maxRatio: 100,
  ratioCheckFrom: 1024 * 1024,
  maxManifestBytes: 2 * 1024 * 1024,
};

const unsafe = () => new AppError('SCORM_PACKAGE_UNSAFE');
const damaged = () => new AppError('SCORM_PACKAGE_DAMAGED');

/**
 * A zip entry's name as a safe relative path, or UNSAFE: no absolute paths, drive letters, backslashes, NUL, `..`
 * or empty segments — nothing that could leave the package's folder when unpacked.
 */
export function safeEntryPath(name: string): string {
  if (name.includes('\\') || name.includes('\0') || name.startsWith('/') || /^[a-z]:/i.test(name))
    throw unsafe();
  const isDir = name.endsWith('/');
  const segments = (isDir ? name.slice(0, -1) : name).split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) throw unsafe();
  return segments.join('/') + (isDir ? '/' : '');
}

/**
 * A path inside the package as a relative path, or null when it is not one: a manifest's href (a URL: query and
 * fragment dropped, percent-escapes decoded) or, with `decoded`, a request path the router already decoded.
 */
export function packagePath(raw: string, decoded = false): string | null {
  let path = decoded ? raw : (raw.split(/[?#]/)[0] ?? '');
  if (!decoded) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return null;
    }
  }
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.length === 0 || segments.some((s) => s === '..' || s.includes('\\') || s.includes('\0')))
    return null;
  return segments.join('/');
}

/** The launch file as a URL below the content base: the path's segments escaped, the manifest's query kept. */
export function launchUrlPath(launch: string): string {
  const at = launch.search(/[?#]/);
  const query = at < 0 ? '' : launch.slice(at);
  const path = packagePath(launch) ?? '';
  return path.split('/').map(encodeURIComponent).join('/') + query;
}

/** The entry's name: UTF-8 when the entry says so (bit 11) or it decodes cleanly, else Latin-1. */
function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  const utf8 = raw.toString('utf8');
  return (entry.generalPurposeBitFlag & 0x800) !== 0 || !utf8.includes('\ufffd')
    ? utf8
    : raw.toString('latin1');
}

const isSymlink = (entry: yauzl.Entry) => ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;

/**
 * Checks a received zip and unpacks it into `target` (a fresh folder): the entry count, the total unpacked size
 * and each entry's compression ratio are limited (zip bombs), the sizes are verified while inflating (yauzl), and
 * no entry may be a symbolic link or a path leaving the folder. Answers the parsed manifest; the folder is removed
 * on any refusal.
 */
export async function unpackPackage(
  zipPath: string,
  target: string,
  fileName: string,
): Promise<ScormManifest> {
  const head = Buffer.alloc(4);
  const fd = await fs.promises.open(zipPath, 'r');
  try {
    await fd.read(head, 0, 4, 0);
  } finally {
    await fd.close();
  }
  if (head.readUInt32LE(0) !== 0x04034b50) throw new AppError('SCORM_PACKAGE_NOT_ZIP');
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      zipPath, // Names are checked here (decodeStrings false: yauzl hands the raw bytes over without refusing them itself).
      { lazyEntries: true, validateEntrySizes: true, decodeStrings: false },
      (err, z) => (err || !z ? reject(damaged()) : resolve(z)),
    ),
  );
  let open = true;
  const close = () => {
    if (open) zip.close();
    open = false;
  };
  await fs.promises.mkdir(target, { recursive: true });
  const root = path.resolve(target);
  try {
    if (zip.entryCount > SCORM_LIMITS.maxEntries) throw unsafe();
    let total = 0;
    const seen = new Set<string>();
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => {
        close();
        reject(error instanceof AppError ? error : damaged());
      };
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          const name = safeEntryPath(entryName(entry));
          if (isSymlink(entry)) throw unsafe();
          const key = name.toLowerCase();
          if (seen.has(key)) throw unsafe();
          seen.add(key);
          total += entry.uncompressedSize;
          if (total > SCORM_LIMITS.maxTotalUncompressed) throw unsafe();
          if (
            entry.uncompressedSize > SCORM_LIMITS.ratioCheckFrom &&
            entry.uncompressedSize / Math.max(1, entry.compressedSize) > SCORM_LIMITS.maxRatio
          )
            throw unsafe();
          const file = path.resolve(root, name);
          if (file !== root && !file.startsWith(root + path.sep)) throw unsafe();
          if (name.endsWith('/')) {
            fs.promises.mkdir(file, { recursive: true }).then(() => zip.readEntry(), fail);
            return;
          }
          zip.openReadStream(entry, (err, stream) => {
            if (err || !stream) return fail(damaged());
            fs.promises
              .mkdir(path.dirname(file), { recursive: true })
              .then(() => pipeline(stream, fs.createWriteStream(file, { flags: 'wx', mode: 0o640 })))
              .then(() => zip.readEntry(), fail);
          });
        } catch (error) {
          fail(error);
        }
      });
      zip.readEntry();
    });
    close();
    const manifestFile = path.join(root, 'imsmanifest.xml');
    const stat = await fs.promises.stat(manifestFile).catch(() => null);
    if (!stat?.isFile()) throw new AppError('SCORM_MANIFEST_MISSING');
    if (stat.size > SCORM_LIMITS.maxManifestBytes) throw new AppError('SCORM_MANIFEST_INVALID');
    const manifest = parseManifest(await fs.promises.readFile(manifestFile, 'utf8'), fileName);
    const launchFile = packagePath(manifest.launch);
    const launchStat = launchFile
      ? await fs.promises.stat(path.join(root, launchFile)).catch(() => null)
      : null;
    if (!launchStat?.isFile()) throw new AppError('SCORM_LAUNCH_MISSING');
    return manifest;
  } catch (error) {
    close();
    await fs.promises.rm(target, { recursive: true, force: true });
    throw error;
  }
}

/** The folder a package's content is unpacked to (beside the store's files, by the zip's hash). */
export const unpackedDir = (storeRoot: string, hash: string) => path.join(storeRoot, 'scorm', hash);

/**
 * Unpacks a stored package into its folder unless it is there (a temporary folder renamed into place, so a
 * half-unpacked folder is never served).
 */
export async function ensureUnpacked(storeRoot: string, zipPath: string, hash: string): Promise<string> {
  const dir = unpackedDir(storeRoot, hash);
  if (fs.existsSync(dir)) return dir;
  const temp = `${dir}.${randomBytes(6).toString('hex')}.part`;
  await unpackPackage(zipPath, temp, 'paket.zip');
  try {
    await fs.promises.rename(temp, dir);
  } catch {
    await fs.promises.rm(temp, { recursive: true, force: true });
  }
  return dir;
}
