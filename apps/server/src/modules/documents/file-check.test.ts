import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { minimalDocx, zipBombDocx } from '#test/file-fixtures.ts';
import { checkCompoundFile, checkZip } from './file-check.ts';
import { createFileStore } from './file-store.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schutzwerk-filecheck-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, data: Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
}

/** An OLE compound file header plus one directory sector with the given entries. */
function compoundFile(entries: { name: string; type: 1 | 2 }[]): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(9, 30);
  const sector = Buffer.alloc(512);
  entries.forEach((e, i) => {
    const at = i * 128;
    sector.write(e.name, at, 'utf16le');
    sector.writeUInt16LE((e.name.length + 1) * 2, at + 64);
    sector[at + 66] = e.type;
  });
  return Buffer.concat([header, sector]);
}

describe('file checks', () => {
  it('accepts a plain docx and refuses a zip bomb', async () => {
    await expect(checkZip(write('ok.docx', minimalDocx()))).resolves.toBeUndefined();
    await expect(checkZip(write('bomb.docx', zipBombDocx()))).rejects.toMatchObject({
      code: 'DOCUMENT_FILE_REJECTED',
    });
    const many = minimalDocx(Array.from({ length: 20 }, (_, i) => ({ name: `word/x${i}.xml`, data: 'x' })));
    await expect(
      checkZip(write('many.docx', many), {
        maxEntries: 10,
        maxTotalUncompressed: 1e9,
        maxRatio: 1e9,
        ratioCheckFrom: 0,
      }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/zu viele Einträge/),
    });
  });

  it('legacy Office: needs the main stream, refuses macros', async () => {
    const doc = compoundFile([
      { name: 'Root Entry', type: 1 },
      { name: 'WordDocument', type: 2 },
    ]);
    await expect(checkCompoundFile(write('a.doc', doc), 'WordDocument')).resolves.toBeUndefined();
    await expect(checkCompoundFile(write('b.ppt', doc), 'PowerPoint Document')).rejects.toMatchObject({
      code: 'DOCUMENT_FILE_REJECTED',
    });
    const macro = compoundFile([
      { name: 'WordDocument', type: 2 },
      { name: 'Macros', type: 1 },
    ]);
    await expect(checkCompoundFile(write('c.doc', macro), 'WordDocument')).rejects.toMatchObject({
      message: expect.stringMatching(/Makros/),
    });
  });

  it('the store stops reading a too large upload at the limit', async () => {
    const store = createFileStore(path.join(dir, 'store'));
    let produced = 0;
    const source = Readable.from(
      (function* () {
        while (produced < 10_000_000) {
          produced += 65_536;
          yield Buffer.alloc(65_536);
        }
      })(),
    );
    await expect(store.receive(source, 1_000_000)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(produced).toBeLessThan(2_000_000);
    expect(fs.readdirSync(path.join(dir, 'store', 'tmp'))).toEqual([]);
  });
});
