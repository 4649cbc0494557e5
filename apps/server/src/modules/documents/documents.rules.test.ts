import { P } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { fakeActor } from '#test/fake-actor.ts';
import type { DocumentRecord, DocumentsRepository, VersionRecord } from './documents.repository.ts';
import { createDocumentsService } from './documents.service.ts';
import type { FileStore } from './file-store.ts';

/**
 * The document rules against an in-memory repository: confidential files (their names, sizes and hashes
 * too), who may record a check, and how a check moves the next check date by the interval. Where the
 * service would write the change log the fake's versioned update answers "no row changed" (a CONFLICT), after
 * the patch it was given has been recorded.
 */

const TODAY = '2026-03-01';

function actor(permissions: number[], portalId = 1): Actor {
  return fakeActor({ employeeId: 5, portalId, permissions });
}

const DOC = {
  id: 10,
  portalId: 1,
  label: 'Betriebsanweisung',
  confidential: true,
  isTemplate: false,
  responsibleId: 5,
  nextCheck: '2026-02-15',
  checkInterval: 30,
  currentVersionId: 100,
  releasedAt: null,
  releasedById: null,
  releasedVersionId: null,
  lastCheckedAt: null,
  lastCheckedById: null,
  version: 2,
} as unknown as DocumentRecord;

const VERSION = {
  id: 100,
  number: 1,
  fileName: 'geheim.pdf',
  mimeType: 'application/pdf',
  size: 1234,
  fileHash: 'abc',
  comment: null,
  uploadedById: 5,
  uploadedByName: 'Roth, Ida',
  uploadedAt: new Date('2026-01-01T00:00:00Z'),
} as VersionRecord;

function setup(doc: Partial<DocumentRecord> = {}, links: { entity: string; entityId: number }[] = []) {
  const row = { ...DOC, ...doc };
  const patches: unknown[] = [];
  const repository = {
    async findById(_ex: unknown, id: number) {
      return id === row.id ? row : undefined;
    },
    async versions() {
      return [VERSION];
    },
    async employeeNames() {
      return new Map([[5, 'Roth, Ida']]);
    },
    async employeeRef() {
      return null;
    },
    async linksOfDocument() {
      return links;
    },
    async employeeInPortal() {
      return true;
    },
    async list() {
      return {
        rows: [
          { id: 10, confidential: true, fileName: 'geheim.pdf' },
          { id: 11, confidential: false, fileName: 'offen.pdf' },
        ],
        filteredCount: 2,
      };
    },
    async updateVersioned(_tx: unknown, _id: number, _version: number, patch: unknown) {
      patches.push(patch);
      return false;
    },
  } as unknown as DocumentsRepository;
  const files = { exists: () => true, open: () => 'stream' } as unknown as FileStore;
  const db = { transaction: async (work: (tx: unknown) => Promise<unknown>) => work({}) } as unknown as Db;
  const mayCheckCalls: number[] = [];
  const service = createDocumentsService({
    db,
    repository,
    files,
    today: () => TODAY,
    linkTargets: {
      location: {
        canRead: async () => true,
        mayCheck: async (_ex: unknown, _actor: Actor, entityId: number) => {
          mayCheckCalls.push(entityId);
          return entityId === 7;
        },
      } as never,
    },
  });
  return { service, patches, mayCheckCalls };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return undefined;
}

describe('confidential documents', () => {
  it('hide the file name, size and hash without DOCUMENTS_CONFIDENTIAL, in the record and the list', async () => {
    const { service } = setup();
    const reader = await service.get(actor([P.DOCUMENTS]), 10);
    expect(reader.currentVersion).toMatchObject({ fileName: null, size: null, hash: null, number: 1 });
    const insider = await service.get(actor([P.DOCUMENTS, P.DOCUMENTS_CONFIDENTIAL]), 10);
    expect(insider.currentVersion).toMatchObject({ fileName: 'geheim.pdf', size: 1234, hash: 'abc' });
    const list = await service.list(actor([P.DOCUMENTS]), {} as never);
    expect(list.rows.map((r) => r.fileName)).toEqual([null, 'offen.pdf']);
  });

  it('a public document shows its file to every reader', async () => {
    const { service } = setup({ confidential: false });
    expect((await service.get(actor([P.DOCUMENTS]), 10)).currentVersion?.fileName).toBe('geheim.pdf');
  });

  it('serve the file only with the right; other portals get "not found"', async () => {
    const { service } = setup();
    expect(await codeOf(service.file(actor([P.DOCUMENTS]), 10, 100))).toBe('DOCUMENT_CONFIDENTIAL');
    const file = await service.file(actor([P.DOCUMENTS_CONFIDENTIAL]), 10, 100);
    expect(file.fileName).toBe('geheim.pdf');
    expect(await codeOf(service.file(actor([P.DOCUMENTS_CONFIDENTIAL], 2), 10, 100))).toBe('NOT_FOUND');
    expect(await codeOf(service.file(actor([P.DOCUMENTS_CONFIDENTIAL]), 10, 999))).toBe('NOT_FOUND');
  });

  it('the flag may be set or cleared only with the right', async () => {
    const reader = actor([P.DOCUMENTS_EDIT]);
    const clear = setup();
    expect(await codeOf(clear.service.update(reader, 10, { version: 2, confidential: false } as never))).toBe(
      'DOCUMENT_CONFIDENTIAL_FLAG',
    );
    const set = setup({ confidential: false });
    expect(await codeOf(set.service.update(reader, 10, { version: 2, confidential: true } as never))).toBe(
      'DOCUMENT_CONFIDENTIAL_FLAG',
    );
    expect([...clear.patches, ...set.patches]).toEqual([]);
    // leaving the flag as it is needs no right
    const keep = setup();
    expect(await codeOf(keep.service.update(reader, 10, { version: 2, label: 'Neu' } as never))).toBe(
      'CONFLICT',
    );
    expect(keep.patches).toHaveLength(1);
  });
});

describe('document check', () => {
  it('moves the next check by the interval from today, or clears it without an interval', async () => {
    const checker = actor([P.DOCUMENTS_CHECK]);
    const monthly = setup();
    expect(await codeOf(monthly.service.check(checker, 10, 2))).toBe('CONFLICT');
    expect(monthly.patches).toEqual([
      expect.objectContaining({
        nextCheck: '2026-03-31',
        lastCheckedById: 5,
        lastCheckedAt: expect.any(Date),
      }),
    ]);
    const once = setup({ checkInterval: null });
    await codeOf(once.service.check(checker, 10, 2));
    expect(once.patches).toEqual([expect.objectContaining({ nextCheck: null })]);
  });

  it('needs a responsible person and a check date', async () => {
    const checker = actor([P.DOCUMENTS_CHECK]);
    for (const missing of [{ responsibleId: null }, { nextCheck: null }]) {
      const { service, patches } = setup(missing);
      expect(await codeOf(service.check(checker, 10, 2)), JSON.stringify(missing)).toBe(
        'DOCUMENT_CHECK_INCOMPLETE',
      );
      expect(patches).toEqual([]);
    }
  });

  it('without DOCUMENTS_CHECK only a reader whose linked record allows it may check', async () => {
    const allowed = setup({}, [
      { entity: 'location', entityId: 3 },
      { entity: 'location', entityId: 7 },
    ]);
    expect(await codeOf(allowed.service.check(actor([P.DOCUMENTS]), 10, 2))).toBe('CONFLICT');
    expect(allowed.mayCheckCalls).toEqual([3, 7]);
    const denied = setup({}, [{ entity: 'location', entityId: 3 }]);
    expect(await codeOf(denied.service.check(actor([P.DOCUMENTS]), 10, 2))).toBe('NO_PERMISSION');
    // not a reader of documents at all: the links are not even asked
    const stranger = setup({}, [{ entity: 'location', entityId: 7 }]);
    expect(await codeOf(stranger.service.check(actor([]), 10, 2))).toBe('NO_PERMISSION');
    expect(stranger.mayCheckCalls).toEqual([]);
    expect((await denied.service.get(actor([P.DOCUMENTS]), 10)).mayCheck).toBe(false);
    expect((await allowed.service.get(actor([P.DOCUMENTS]), 10)).mayCheck).toBe(true);
  });
});
