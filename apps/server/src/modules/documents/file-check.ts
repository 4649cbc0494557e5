import fs from 'node:fs';
import { fileExtension } from '@schutzwerk/shared/documents/documents.schema.ts';
import { documentsMessages } from '@schutzwerk/shared/errors.ts';
import { fileTypeFromFile } from 'file-type';
import yauzl from 'yauzl';
import { AppError } from '#platform/errors.ts';

/**
 * What an uploaded file really is (decision 016): the type is sniffed from the content with `file-type`
 * and must be one of the allowed ones, and the name's extension must name the same type. Office Open XML
 * files (zip) pass a zip-bomb check; legacy Office files (OLE compound files, which file-type reports as
 * `cfb`) must contain the main stream of Word or PowerPoint. Office files with macros are refused.
 */
export type CheckedFile = { mimeType: string; ext: string };

/** Extension of the name → the type file-type must report, and the MIME type we store and serve. */
const ALLOWED: Record<string, { sniffed: string; mime: string }> = {
  pdf: { sniffed: 'pdf', mime: 'application/pdf' },
  png: { sniffed: 'png', mime: 'image/png' },
  jpg: { sniffed: 'jpg', mime: 'image/jpeg' },
  jpeg: { sniffed: 'jpg', mime: 'image/jpeg' },
  gif: { sniffed: 'gif', mime: 'image/gif' },
  docx: { sniffed: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  pptx: {
    sniffed: 'pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  doc: { sniffed: 'cfb', mime: 'application/msword' },
  ppt: { sniffed: 'cfb', mime: 'application/vnd.ms-powerpoint' },
};

/** Limits of the zip-bomb check for OOXML files. */
export const ZIP_LIMITS = {
  maxEntries: 5000,
  maxTotalUncompressed: 250 * 1024 * 1024,
  /** Ratio uncompressed / compressed of one entry (only checked above 1 MB uncompressed). */
  maxRatio: 100,
  ratioCheckFrom: 1024 * 1024,
};

function rejected(message: string): AppError {
  return new AppError('DOCUMENT_FILE_REJECTED', { message });
}

export async function checkUploadedFile(tempPath: string, fileName: string): Promise<CheckedFile> {
  const ext = fileExtension(fileName);
  const allowed = ALLOWED[ext];
  if (!allowed) {
    throw rejected(documentsMessages.fileTypeNotAllowed(ext));
  }
  const sniffed = await fileTypeFromFile(tempPath);
  if (!sniffed || sniffed.ext !== allowed.sniffed) {
    throw rejected(documentsMessages.fileContentMismatch(ext));
  }
  if (sniffed.ext === 'docx' || sniffed.ext === 'pptx') await checkZip(tempPath);
  if (sniffed.ext === 'cfb')
    await checkCompoundFile(tempPath, ext === 'doc' ? 'WordDocument' : 'PowerPoint Document');
  return { mimeType: allowed.mime, ext };
}

/** Walks the zip's central directory and inflates every entry (sizes verified by yauzl) within the limits. */
export async function checkZip(file: string, limits = ZIP_LIMITS): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, z) =>
      err || !z ? reject(rejected(documentsMessages.officeDamaged)) : resolve(z),
    ),
  );
  try {
    if (zip.entryCount > limits.maxEntries) throw rejected(documentsMessages.officeTooManyEntries);
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(rejected(documentsMessages.officeDamaged)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName.toLowerCase();
        if (/\.(zip|gz|tgz|7z|rar|jar|bz2|xz)$/.test(name)) {
          return reject(rejected(documentsMessages.officeNestedArchive));
        }
        if (name.endsWith('vbaproject.bin')) {
          return reject(rejected(documentsMessages.officeMacros));
        }
        total += entry.uncompressedSize;
        if (total > limits.maxTotalUncompressed) {
          return reject(rejected(documentsMessages.officeTooLargeUnpacked));
        }
        if (
          entry.uncompressedSize > limits.ratioCheckFrom &&
          entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio
        ) {
          return reject(rejected(documentsMessages.officeCompressionRatio));
        }
        if (name.endsWith('/')) return zip.readEntry();
        // Inflate to prove the declared size (yauzl fails an entry that inflates to more than declared).
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(rejected(documentsMessages.officeDamaged));
          stream.on('error', () => reject(rejected(documentsMessages.officeDamaged)));
          stream.on('end', () => zip.readEntry());
          stream.resume();
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/**
 * Legacy Office (OLE compound file): file-type only says `cfb`, which also covers .msi, .msg, .xls and
 * others. We accept it as .doc/.ppt only when a directory entry names the application's main stream
 * ('WordDocument' / 'PowerPoint Document') and no macro storage ('Macros', '_VBA_PROJECT_CUR', 'VBA') exists.
 * Directory entries are 128-byte records at sector-aligned places, the name UTF-16LE with its byte length
 * at offset 64 and the object type (1 storage, 2 stream) at offset 66.
 */
export async function checkCompoundFile(file: string, mainStream: string): Promise<void> {
  const data = await fs.promises.readFile(file);
  const shift = data.length >= 32 ? data.readUInt16LE(30) : 0;
  const sectorSize = shift === 9 || shift === 12 ? 1 << shift : 512;
  const names = new Set<string>();
  for (let offset = sectorSize; offset + 128 <= data.length; offset += 128) {
    const nameBytes = data.readUInt16LE(offset + 64);
    const objectType = data[offset + 66];
    if (nameBytes < 4 || nameBytes > 64 || nameBytes % 2 !== 0 || (objectType !== 1 && objectType !== 2))
      continue;
    if (data.readUInt16LE(offset + nameBytes - 2) !== 0) continue;
    names.add(data.toString('utf16le', offset, offset + nameBytes - 2));
  }
  if (names.has('Macros') || names.has('_VBA_PROJECT_CUR') || names.has('VBA')) {
    throw rejected(documentsMessages.officeMacros);
  }
  if (!names.has(mainStream)) {
    throw rejected(documentsMessages.officeNotWordOrPowerPoint);
  }
}
