import { Readable } from 'node:stream';
import { createDocumentSchema } from '@schutzwerk/shared/documents/documents.schema.ts';
import { substancesMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { deriveClassification } from '@schutzwerk/shared/substances/clp.ts';
import {
  type ConfirmSds,
  confirmSdsSchema,
  SDS_PROPOSAL_FIELDS,
  type SdsImportResult,
  type SdsProposalField,
  type SubstanceSds,
} from '@schutzwerk/shared/substances/sds.schema.ts';
import {
  type CreateSubstance,
  exposureLimitInputSchema,
  ingredientInputSchema,
  type Substance,
  substanceDataFields,
} from '@schutzwerk/shared/substances/substances.schema.ts';
import type { Db, Executor } from '#db/client.ts';
import type { ChecklistsService } from '#modules/checklists/index.ts';
import type { DocumentLinkTargets, DocumentsService } from '#modules/documents/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { masterDataRepository } from './master-data.repository.ts';
import { registerRepository } from './register.repository.ts';
import { SUBSTANCE_CHECKLIST_MODULE } from './register.service.ts';
import { sdsRepository } from './sds.repository.ts';
import {
  extractPdfText,
  readSds,
  type SdsExposureLimit,
  type SdsIngredient,
  type SdsProposals,
} from './sds-pdf.ts';
import type { SubstancesService } from './substances.service.ts';

/** The entity name of substances in the documents' attach API (the data sheet, decision 049). */
export const SUBSTANCE_LINK_ENTITY = 'substance';
/** Document type 1 of the documents module (spec modules.md §3 „Document“). */
export const SDS_DOCUMENT_TYPE = 1;
const SIGNAL_OVERRIDE_REASON = 'Signalwort laut Sicherheitsdatenblatt';

export type SdsFile = { data: Buffer; fileName: string };

/** The contact fields a manufacturer list entry fills (besides name and emergency number). */
type ManufacturerField =
  | 'manufacturerAddress'
  | 'manufacturerZipcode'
  | 'manufacturerCity'
  | 'manufacturerCountry'
  | 'manufacturerPhone'
  | 'manufacturerEmail';

/**
 * Safety data sheets of substances (decision 049): the data sheet is one document of type 1 linked to the
 * substance; a newer sheet is the document's next file version, so the older ones stay as its archive (file
 * versions are never deleted, decision 016). An SDS PDF is read (`sds-pdf.ts`), its values go into the record
 * through the register's own create/update (every rule of decision 046 applies) and each field it set stays
 * in `substance_sds_proposals` until a person confirms it.
 */
export function createSdsService(deps: {
  db: Db;
  substances: SubstancesService;
  documents: DocumentsService;
  /** The checklists' link port: a newer data sheet resets the release checklist (decision 054). */
  checklists: Pick<ChecklistsService, 'linkChecklist' | 'unlinkChecklist'>;
}) {
  const { db, substances, documents, checklists } = deps;

  async function read(file: SdsFile) {
    if (!file.data.subarray(0, 1024).toString('latin1').includes('%PDF-'))
      throw new AppError('SUBSTANCE_SDS_NOT_PDF');
    const text = await extractPdfText(file.data);
    if (text === null) throw new AppError('SUBSTANCE_SDS_NOT_PDF');
    if (text.replace(/\s/g, '').length < 20) throw new AppError('SUBSTANCE_SDS_NO_TEXT');
    return readSds(text);
  }

  /** The proposals as register values, each checked by its field's schema; codes outside the catalogue left out. */
  async function values(ex: Executor, proposals: SdsProposals) {
    const out: Partial<Record<SdsProposalField, unknown>> = {};
    const unknownStatements: string[] = [];
    for (const key of [
      'designation',
      'casNumber',
      'ecNumber',
      'manufacturerName',
      'manufacturerEmergencyPhone',
      'storageClass',
      'physicalState',
      'flashPoint',
      'boilingPoint',
      'density',
      'ph',
      'waterHazardClass',
      'unNumber',
      'wasteKey1',
      'wasteKey2',
      'wasteKey3',
      'adrRid',
      'iata',
      'imdg',
      'transportCategory',
    ] as const) {
      const value = proposals[key];
      if (value === undefined) continue;
      if (substanceDataFields[key].safeParse(value).success) out[key] = value;
    }
    // Table rows one by one: a row the register would refuse is left out, the others are proposed (055).
    for (const [key, schema] of [
      ['ingredients', ingredientInputSchema],
      ['exposureLimits', exposureLimitInputSchema],
    ] as const) {
      const rows = (proposals[key] ?? []).filter((row) => schema.safeParse(row).success);
      if (rows.length > 0) out[key] = rows;
    }
    if (proposals.statements) {
      const wanted = new Set<string>();
      const known = await sdsRepository.knownCodes(ex, [
        ...proposals.statements,
        ...proposals.statements.flatMap((c) => c.split('+')),
      ]);
      for (const code of proposals.statements) {
        if (known.has(code)) wanted.add(code);
        else if (code.includes('+') && code.split('+').every((c) => known.has(c)))
          for (const c of code.split('+')) wanted.add(c);
        else unknownStatements.push(code);
      }
      if (wanted.size > 0) out.statements = [...wanted];
    }
    if (proposals.signalWord) {
      const word = proposals.signalWord === 'Gefahr' ? 'danger' : 'warning';
      const derived = deriveClassification((out.statements as string[] | undefined) ?? []).signalWord;
      if (derived !== word) out.signalWordOverride = word;
    }
    // A manufacturer named like an entry of the managed list is proposed as that entry: the list's spelling
    // and contact data, as the editor's picker fills them; an emergency number read from the sheet wins.
    let listed: Partial<Record<ManufacturerField, string>> = {};
    if (typeof out.manufacturerName === 'string') {
      const entry = await masterDataRepository.manufacturerByName(ex, out.manufacturerName);
      if (entry) {
        out.manufacturerId = entry.id;
        out.manufacturerName = entry.name;
        listed = {
          manufacturerAddress: entry.address,
          manufacturerZipcode: entry.zipcode,
          manufacturerCity: entry.city,
          manufacturerCountry: entry.country,
          manufacturerPhone: entry.phone,
          manufacturerEmail: entry.email,
        };
        if (out.manufacturerEmergencyPhone === undefined && entry.emergencyPhone !== '')
          out.manufacturerEmergencyPhone = entry.emergencyPhone;
      }
    }
    return { out, listed, unknownStatements };
  }

  function display(
    field: SdsProposalField,
    value: unknown,
    proposed: Partial<Record<SdsProposalField, unknown>>,
  ) {
    if (field === 'manufacturerId')
      return typeof proposed.manufacturerName === 'string' ? proposed.manufacturerName : String(value);
    if (field === 'ingredients')
      return (value as SdsIngredient[])
        .map((i) => {
          const share =
            i.percentMin === i.percentMax
              ? i.percentMin
              : i.percentMin === ''
                ? substancesMessages.sdsShareUpTo(i.percentMax)
                : i.percentMax === ''
                  ? substancesMessages.sdsShareFrom(i.percentMin)
                  : `${i.percentMin}–${i.percentMax}`;
          return [i.name, i.casNumber && `CAS ${i.casNumber}`, share && `${share} %`]
            .filter(Boolean)
            .join(', ');
        })
        .join('; ');
    if (field === 'exposureLimits')
      return (value as SdsExposureLimit[])
        .map((l) => `${l.basis} ${l.value} ${l.unit}${l.info ? ` (${l.info})` : ''}`)
        .join('; ');
    if (Array.isArray(value)) return value.join(', ');
    if (field === 'signalWordOverride') return value === 'danger' ? 'Gefahr' : 'Achtung';
    return String(value);
  }

  async function mark(
    ex: Executor,
    substanceId: number,
    proposed: Partial<Record<SdsProposalField, unknown>>,
  ) {
    for (const [field, value] of Object.entries(proposed)) {
      await sdsRepository.upsertProposal(
        ex,
        substanceId,
        field,
        display(field as SdsProposalField, value, proposed),
      );
    }
  }

  /** The substance's data sheet document (type 1, linked), if any. */
  async function sheetOf(actor: Actor, substanceId: number) {
    const linked = await documents.links.list(actor, SUBSTANCE_LINK_ENTITY, substanceId);
    return linked.find((d) => d.type === SDS_DOCUMENT_TYPE) ?? null;
  }

  /**
   * Stores the file as the data sheet: the next file version of the existing one, or a new linked document.
   * Answers whether it became the next file version of an existing sheet.
   */
  async function storeSheet(actor: Actor, substance: Substance, file: SdsFile): Promise<boolean> {
    let sheet = await sheetOf(actor, substance.id);
    const newer = sheet !== null;
    if (!sheet) {
      sheet = await documents.create(
        actor,
        createDocumentSchema.parse({
          label: `Sicherheitsdatenblatt ${substance.data.designation}`.slice(0, 200),
          type: SDS_DOCUMENT_TYPE,
        }) as Parameters<DocumentsService['create']>[1],
      );
      await documents.links.add(actor, SUBSTANCE_LINK_ENTITY, substance.id, sheet.id);
    }
    await documents.upload(actor, sheet.id, {
      stream: Readable.from(file.data),
      fileName: file.fileName,
      version: sheet.version,
      comment: 'Sicherheitsdatenblatt',
    });
    return newer;
  }

  /**
   * A newer data sheet must be checked again: the filled instance of the release checklist is replaced by an
   * empty one (the next data-sheet release needs it done again, decision 054); logged at the substance.
   */
  async function resetChecklist(actor: Actor, id: number) {
    await db.transaction(async (tx) => {
      const entry = await registerRepository.find(tx, id);
      if (!entry?.sdsChecklistId) return;
      await checklists.unlinkChecklist(tx, entry.sdsChecklistId, SUBSTANCE_CHECKLIST_MODULE, id);
      await checklists.linkChecklist(tx, entry.sdsChecklistId, SUBSTANCE_CHECKLIST_MODULE, id);
      await recordChange(tx, {
        entity: 'substance',
        entityId: id,
        state: LOG_STATE.CHANGED,
        actorId: actor.employeeId,
        changes: { sdsChecklistReset: { from: null, to: entry.sdsChecklistId } },
      });
    });
  }

  function assertSdsRight(actor: Actor) {
    if (!actorHasAny(actor, P.HAZMAT_SDS)) throw new AppError('NO_PERMISSION');
  }

  return {
    /** A new substance from a data sheet PDF: every value read is proposed. */
    async importNew(actor: Actor, file: SdsFile): Promise<SdsImportResult> {
      assertSdsRight(actor);
      const reading = await read(file);
      const { out, listed, unknownStatements } = await values(db, reading.proposals);
      if (!out.designation) throw new AppError('SUBSTANCE_SDS_NO_DESIGNATION');
      const input = { ...listed, ...out } as CreateSubstance;
      if (out.signalWordOverride) input.overrideReason = SIGNAL_OVERRIDE_REASON;
      const created = await substances.create(actor, input);
      await db.transaction(async (tx) => {
        await mark(tx, created.id, out);
        await recordChange(tx, {
          entity: 'substance',
          entityId: created.id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { sdsProposed: { from: null, to: Object.keys(out) } },
        });
      });
      await storeSheet(actor, created, file);
      return {
        substanceId: created.id,
        sections: reading.sections,
        proposed: Object.keys(out),
        unknownStatements,
      };
    },

    /**
     * A newer data sheet for an existing substance: stored as the next file version (the old one archived);
     * only the fields whose value differs from the record are changed and proposed (a released substance gets a
     * new version through the register's update, decision 046).
     */
    async importInto(actor: Actor, id: number, version: number, file: SdsFile): Promise<SdsImportResult> {
      assertSdsRight(actor);
      if (!actorHasAny(actor, P.HAZMAT_EDIT)) throw new AppError('NO_PERMISSION');
      const before = await substances.get(actor, id);
      if (before.version !== version) throw new AppError('CONFLICT');
      const reading = await read(file);
      const { out, listed, unknownStatements } = await values(db, reading.proposals);
      const data = before.data as unknown as Record<string, unknown>;
      const differing = Object.fromEntries(
        Object.entries(out).filter(([k, v]) => JSON.stringify(data[k]) !== JSON.stringify(v)),
      ) as Partial<Record<SdsProposalField, unknown>>;
      let current = before;
      if (Object.keys(differing).length > 0) {
        const input = {
          ...before.data,
          // Another list entry than the record's: its contact data come along (as with the picker).
          ...(differing.manufacturerId === undefined ? {} : listed),
          ...differing,
          responsibleEmployeeId: before.responsibleEmployeeId,
          version: before.version,
        } as Parameters<SubstancesService['update']>[2];
        if (differing.signalWordOverride && !before.data.overrideReason)
          (input as { overrideReason: string }).overrideReason = SIGNAL_OVERRIDE_REASON;
        current = (await substances.update(actor, id, input)).data;
        await db.transaction(async (tx) => {
          await mark(tx, id, differing);
          await recordChange(tx, {
            entity: 'substance',
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: { sdsProposed: { from: null, to: Object.keys(differing) } },
          });
        });
      }
      if (await storeSheet(actor, current, file)) await resetChecklist(actor, id);
      return {
        substanceId: id,
        sections: reading.sections,
        proposed: Object.keys(differing),
        unknownStatements,
      };
    },

    /** The data sheet (current file and archive) and the open proposals of a readable substance. */
    async get(actor: Actor, id: number): Promise<SubstanceSds> {
      await substances.get(actor, id);
      const rows = await sdsRepository.proposals(db, id);
      const order = Object.keys(SDS_PROPOSAL_FIELDS);
      const proposals = rows
        .sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field))
        .map((r) => ({
          field: r.field,
          label: SDS_PROPOSAL_FIELDS[r.field as SdsProposalField] ?? r.field,
          value: r.value,
        }));
      const sheet = actorHasAny(actor, P.DOCUMENTS, P.HAZMAT_SDS, P.HAZMAT) ? await sheetOf(actor, id) : null;
      const files = (sheet?.versions ?? []).map((v) => ({
        id: v.id,
        number: v.number,
        fileName: v.fileName,
        uploadedAt: v.uploadedAt,
        uploadedByName: v.uploadedByName,
      }));
      const currentId = sheet?.currentVersion?.id ?? null;
      return {
        documentId: sheet?.id ?? null,
        current: files.find((f) => f.id === currentId) ?? null,
        archive: files.filter((f) => f.id !== currentId),
        proposals,
      };
    },

    /** Confirms proposals (named fields or all); logged in the substance's change log. */
    async confirm(actor: Actor, id: number, raw: ConfirmSds): Promise<SubstanceSds> {
      const input = confirmSdsSchema.parse(raw);
      const substance = await substances.get(actor, id);
      if (substance.version !== input.version) throw new AppError('CONFLICT');
      await db.transaction(async (tx) => {
        const removed = await sdsRepository.confirm(tx, id, input.fields);
        if (removed.length > 0)
          await recordChange(tx, {
            entity: 'substance',
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: { sdsConfirmed: { from: null, to: removed } },
          });
      });
      return this.get(actor, id);
    },

    /** The file of one version of the substance's data sheet (for readers of the substance). */
    async file(actor: Actor, id: number, fileVersionId: number) {
      await substances.get(actor, id);
      const sheet = await sheetOf(actor, id);
      if (!sheet) throw new AppError('NOT_FOUND');
      return documents.file(actor, sheet.id, fileVersionId);
    },
  };
}
export type SdsService = ReturnType<typeof createSdsService>;

/** Substances as a link target of the documents' attach API: readers see, editors (HAZMAT_EDIT) change. */
export function substanceLinkTarget(substances: SubstancesService): DocumentLinkTargets['substance'] {
  const readable = (ex: Executor, actor: Actor, id: number) => substances.canRead(ex, actor, id);
  return {
    canRead: readable,
    async assertCanChange(tx, actor, id) {
      if (!(await readable(tx, actor, id))) throw new AppError('NOT_FOUND');
      if (!actorHasAny(actor, P.HAZMAT_EDIT, P.HAZMAT_SDS)) throw new AppError('NO_PERMISSION');
    },
  };
}
