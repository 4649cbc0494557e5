import type { Document } from '@schutzwerk/shared/documents/documents.schema.ts';
import { describe, expect, it } from 'vitest';
import {
  draftFromDocument,
  isDocumentDraftDirty,
  rebaseDocumentDraft,
  updateFromDraft,
} from './document-draft.ts';

const doc: Document = {
  id: 1,
  portalId: 1,
  label: 'Betriebsanweisung',
  type: 2,
  docVersion: '1.0',
  revision: 'A',
  responsibleId: null,
  responsibleName: null,
  responsible: null,
  languages: ['de-DE'],
  confidential: false,
  isTemplate: false,
  nextCheck: null,
  checkInterval: null,
  validFrom: null,
  releasedAt: null,
  releasedByName: null,
  releasedVersionId: null,
  lastCheckedAt: null,
  lastCheckedByName: null,
  currentVersion: null,
  versions: [],
  version: 3,
  mayCheck: true,
};

describe('document draft', () => {
  it('round-trips and tells dirty from clean (language order does not matter)', () => {
    const base = draftFromDocument({ ...doc, languages: ['de-DE', 'en-GB'] });
    expect(isDocumentDraftDirty({ ...base, languages: ['en-GB', 'de-DE'] }, base)).toBe(false);
    expect(isDocumentDraftDirty({ ...base, revision: 'B' }, base)).toBe(true);
    expect(updateFromDraft({ ...base, revision: '', nextCheck: '' }, 3)).toMatchObject({
      version: 3,
      revision: null,
      nextCheck: null,
    });
  });

  it('rebase keeps own edits and takes the other fields from the newer state', () => {
    const oldBase = draftFromDocument(doc);
    const mine = { ...oldBase, docVersion: '2.0' };
    const fresh = draftFromDocument({ ...doc, revision: 'B', version: 4 });
    const rebased = rebaseDocumentDraft(mine, oldBase, fresh);
    expect(rebased.docVersion).toBe('2.0');
    expect(rebased.revision).toBe('B');
  });
});
