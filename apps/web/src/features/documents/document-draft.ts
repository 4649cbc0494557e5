import type { Document, UpdateDocument } from '@schutzwerk/shared/documents/documents.schema.ts';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import { rebaseDraft } from '#lib/draft-rebase.ts';

/** The form's state of a document record (dates as yyyy-mm-dd, '' for none). */
export type DocumentDraft = {
  label: string;
  type: number;
  docVersion: string;
  revision: string;
  responsible: EmployeePickerRow | null;
  languages: string[];
  confidential: boolean;
  isTemplate: boolean;
  nextCheck: string;
  checkInterval: number | null;
  validFrom: string;
};

export function draftFromDocument(doc: Document): DocumentDraft {
  return {
    label: doc.label,
    type: doc.type,
    docVersion: doc.docVersion ?? '',
    revision: doc.revision ?? '',
    responsible: doc.responsible,
    languages: [...doc.languages],
    confidential: doc.confidential,
    isTemplate: doc.isTemplate,
    nextCheck: doc.nextCheck ?? '',
    checkInterval: doc.checkInterval,
    validFrom: doc.validFrom ?? '',
  };
}

export function isDocumentDraftDirty(draft: DocumentDraft, base: DocumentDraft): boolean {
  return (
    JSON.stringify({
      ...draft,
      responsible: draft.responsible?.id ?? null,
      languages: [...draft.languages].sort(),
    }) !==
    JSON.stringify({
      ...base,
      responsible: base.responsible?.id ?? null,
      languages: [...base.languages].sort(),
    })
  );
}

export function updateFromDraft(draft: DocumentDraft, version: number): UpdateDocument {
  return {
    version,
    label: draft.label,
    type: draft.type,
    docVersion: draft.docVersion || null,
    revision: draft.revision || null,
    responsibleId: draft.responsible?.id ?? null,
    languages: draft.languages as UpdateDocument['languages'],
    confidential: draft.confidential,
    isTemplate: draft.isTemplate,
    nextCheck: draft.nextCheck || null,
    checkInterval: draft.checkInterval,
    validFrom: draft.validFrom || null,
  };
}

/** The responsible person is compared by id (the picker's label may differ). */
export const responsibleById = (field: string, value: unknown): unknown =>
  field === 'responsible' ? ((value as { id: number } | null)?.id ?? null) : value;

/**
 * 'Neu laden' after a conflict: the fields the user changed keep the user's value, every other field takes
 * the newer server value (the other person's change is not overwritten by the next save).
 */
export function rebaseDocumentDraft(
  current: DocumentDraft,
  oldBase: DocumentDraft,
  fresh: DocumentDraft,
): DocumentDraft {
  return rebaseDraft(current, oldBase, fresh, {
    comparable: (field, value) =>
      field === 'responsible' ? ((value as { id: number } | null)?.id ?? null) : value,
  });
}
