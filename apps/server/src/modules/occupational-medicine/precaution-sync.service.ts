import { precautionSyncMessages as messages } from '@schutzwerk/shared/errors.ts';
import {
  SYNC_MAX_DISTINCT_VALUES,
  SYNC_MAX_FILE_BYTES,
  SYNC_PREVIEW_ROWS,
  type SyncCheck,
  type SyncCounts,
  type SyncField,
  type SyncFile,
  type SyncPreview,
  type SyncRequest,
  type SyncResult,
  type SyncRowError,
  type SyncRowErrorKind,
  suggestAssessmentKind,
  suggestPrecautionType,
  suggestSyncColumns,
  syncFileSchema,
  syncRequestSchema,
} from '@schutzwerk/shared/occupational-medicine/precaution-sync.schema.ts';
import type {
  AssessmentKind,
  PrecautionType,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { occupationalMedicineSettings } from '@schutzwerk/shared/settings/occupational-medicine.settings.ts';
import type { z } from 'zod';
import type { Db, Executor } from '#db/client.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import type { Actor } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import {
  CsvError,
  type CsvRow,
  detectSeparator,
  type ParsedCsv,
  parseCsv,
  parseGermanDate,
} from '#platform/csv.ts';
import { AppError } from '#platform/errors.ts';
import type { OccupationalMedicineRepository, PrecautionRow } from './occupational-medicine.repository.ts';
import type { PrecautionHooks } from './occupational-medicine.service.ts';
import { addMonths, isoDay } from './precaution-dates.ts';
import type { precautionSyncRepository } from './precaution-sync.repository.ts';

const PRECAUTION_ENTITY = 'occupational_precaution';

const FIELD_LABELS = messages.fieldLabels;

type Mapping = z.output<typeof syncRequestSchema>['mapping'];
type Outcome = 'created' | 'updated' | 'unchanged';

/** A row that passed every check: what it would write. */
type GoodRow = {
  line: number;
  precaution: PrecautionRow;
  date: string;
  kind: AssessmentKind;
  next: string | null;
  outcome: Outcome;
  existingCheckupId: number | null;
};

type Evaluation = {
  rowCount: number;
  errors: SyncRowError[];
  good: GoodRow[];
  /** Per touched precaution: the due date after the sync (null: unchanged). */
  nextDue: Map<number, string>;
  counts: SyncCounts;
};

/**
 * The medical-examination sync wizard (decision 065): 1. file (encoding and separator detected, preview),
 * 2. mapping of columns and values, 3. check with row-level German errors and the counts it would produce,
 * 4. the import — one transaction that writes nothing unless every row is accepted. It writes only what the
 * precaution file may hold: that and when an examination took place and the assessment kind; no findings.
 */
export function createPrecautionSyncService(deps: {
  db: Db;
  repository: OccupationalMedicineRepository;
  syncRepository: typeof precautionSyncRepository;
  settings: Pick<SettingsService, 'read'>;
  now?: () => Date;
  /** Imported check-ups complete the employee's check-up item like a recorded one (decision 064). */
  hooks?: Pick<PrecautionHooks, 'checkupRecorded'>;
}) {
  const { db, repository, syncRepository, settings } = deps;
  const now = deps.now ?? (() => new Date());

  function read(file: z.output<typeof syncFileSchema>): { parsed: ParsedCsv; separator: ';' | ',' | '\t' } {
    const bytes = new Uint8Array(Buffer.from(file.content, 'base64'));
    if (bytes.byteLength > SYNC_MAX_FILE_BYTES) throw new AppError('PRECAUTION_SYNC_FILE_TOO_LARGE');
    const separator = file.separator ?? detectSeparator(bytes);
    let parsed: ParsedCsv;
    try {
      parsed = parseCsv(bytes, { separator, hasHeader: file.hasHeader });
    } catch (error) {
      if (error instanceof CsvError)
        throw new AppError('PRECAUTION_SYNC_INVALID_FILE', { message: error.message });
      throw error;
    }
    if (parsed.rows.length === 0) throw new AppError('PRECAUTION_SYNC_EMPTY_FILE');
    return { parsed, separator };
  }

  /** Required: occasion, examination date, assessment and the personnel number or name + birth date. */
  function checkMapping(mapping: Mapping, columnCount: number) {
    const columns = mapping.columns;
    const details: { path: (string | number)[]; message: string }[] = [];
    for (const [field, column] of Object.entries(columns)) {
      if (column !== undefined && column >= columnCount)
        details.push({
          path: ['mapping', 'columns', field],
          message: messages.fieldNoSuchColumn(column + 1),
        });
    }
    const required: SyncField[] = ['occasion', 'examinationDate', 'assessment'];
    if (columns.personnelNumber === undefined) required.push('lastName', 'firstName', 'birthday');
    for (const field of required) {
      if (columns[field] === undefined)
        details.push({ path: ['mapping', 'columns', field], message: messages.fieldMissing });
    }
    if (details.length > 0) throw new AppError('PRECAUTION_SYNC_MAPPING_INCOMPLETE', { details });
  }

  /** Checks every row and works out what the sync would write; locks the precautions when it will write. */
  async function evaluate(
    ex: Executor,
    actor: Actor,
    parsed: ParsedCsv,
    mapping: Mapping,
    lock?: 'update',
  ): Promise<Evaluation> {
    const columns = mapping.columns;
    const cell = (row: CsvRow, field: SyncField) => {
      const column = columns[field];
      return column === undefined ? '' : (row.cells[column] ?? '').trim();
    };
    const byNumber = columns.personnelNumber !== undefined;

    // Look-ups in bulk: employees, their precautions, the occasions, the check-ups.
    const numbers = byNumber
      ? [...new Set(parsed.rows.map((r) => cell(r, 'personnelNumber')).filter(Boolean))]
      : [];
    const birthdays = byNumber
      ? []
      : [
          ...new Set(
            parsed.rows
              .map((r) => parseGermanDate(cell(r, 'birthday')))
              .filter((d): d is string => d !== null),
          ),
        ];
    const numbered = new Map(
      (await syncRepository.employeesByPersonnelNumber(ex, actor.portalId, numbers)).map((e) => [
        e.personnelNumber,
        e.id,
      ]),
    );
    const born = await syncRepository.employeesByBirthday(ex, actor.portalId, birthdays);
    const reasons = await repository.catalogue(ex, 'assessmentReason');
    const reasonByName = new Map(reasons.map((r) => [r.name.trim().toLowerCase(), r.id]));
    const today = isoDay(now());

    type Pending = {
      line: number;
      employeeId: number;
      reasonId: number;
      occasion: string;
      type: PrecautionType | null;
      date: string;
      kind: AssessmentKind;
      next: string | null;
    };
    const errors: SyncRowError[] = [];
    const pending: Pending[] = [];

    for (const row of parsed.rows) {
      const rowErrors: SyncRowError[] = [];
      const fail = (kind: SyncRowErrorKind, message: string) =>
        rowErrors.push({ line: row.line, kind, message });
      const missing = (field: SyncField) => {
        if (cell(row, field) !== '') return false;
        fail('missingValue', messages.missingValue(FIELD_LABELS[field]));
        return true;
      };

      // Who.
      let employeeId: number | null = null;
      if (byNumber) {
        if (!missing('personnelNumber')) {
          const value = cell(row, 'personnelNumber');
          employeeId = numbered.get(value) ?? null;
          if (employeeId === null) fail('unknownEmployee', messages.unknownPersonnelNumber(value));
        }
      } else {
        const nameMissing = [missing('lastName'), missing('firstName'), missing('birthday')].some(Boolean);
        if (!nameMissing) {
          const birthText = cell(row, 'birthday');
          const birthday = parseGermanDate(birthText);
          const name = `${cell(row, 'lastName')}, ${cell(row, 'firstName')}`;
          if (!birthday) fail('badDate', messages.badDate(FIELD_LABELS.birthday, birthText));
          else {
            const last = cell(row, 'lastName').toLowerCase();
            const first = cell(row, 'firstName').toLowerCase();
            const found = born.filter(
              (e) =>
                e.birthday === birthday &&
                e.lastName.trim().toLowerCase() === last &&
                e.firstName.trim().toLowerCase() === first,
            );
            if (found.length === 1) employeeId = found[0]!.id;
            else
              fail(
                'unknownEmployee',
                found.length === 0
                  ? messages.unknownPerson(name, birthText)
                  : messages.ambiguousPerson(name, birthText),
              );
          }
        }
      }

      // Which precaution.
      let reasonId: number | null = null;
      const occasion = cell(row, 'occasion');
      if (!missing('occasion')) {
        reasonId = mapping.values.occasion[occasion] ?? reasonByName.get(occasion.toLowerCase()) ?? null;
        if (reasonId === null || !reasons.some((r) => r.id === reasonId)) {
          reasonId = null;
          fail('unknownPrecaution', messages.unknownOccasion(occasion));
        }
      }
      let type: PrecautionType | null = null;
      const typeText = cell(row, 'precautionType');
      if (typeText !== '') {
        type = mapping.values.precautionType[typeText] ?? suggestPrecautionType(typeText);
        if (type === null) fail('unknownPrecaution', messages.unknownType(typeText));
      }

      // When and with what outcome.
      let date: string | null = null;
      if (!missing('examinationDate')) {
        const text = cell(row, 'examinationDate');
        date = parseGermanDate(text);
        if (date === null) fail('badDate', messages.badDate(FIELD_LABELS.examinationDate, text));
        else if (date > today) {
          fail('futureDate', messages.futureDate(text));
          date = null;
        }
      }
      let kind: AssessmentKind | null = null;
      if (!missing('assessment')) {
        const text = cell(row, 'assessment');
        kind = mapping.values.assessment[text] ?? suggestAssessmentKind(text);
        if (kind === null) fail('unknownAssessment', messages.unknownAssessment(text));
      }
      let next: string | null = null;
      const nextText = cell(row, 'nextDate');
      if (nextText !== '') {
        next = parseGermanDate(nextText);
        if (next === null) fail('badDate', messages.badDate(FIELD_LABELS.nextDate, nextText));
        else if (date !== null && next <= date) {
          fail('badDate', messages.nextBeforeExamination(nextText));
          next = null;
        }
      }

      if (rowErrors.length > 0) errors.push(...rowErrors);
      else if (employeeId !== null && reasonId !== null && date !== null && kind !== null)
        pending.push({ line: row.line, employeeId, reasonId, occasion, type, date, kind, next });
    }

    // The employees' precautions: exactly one must match occasion (and type, when the file names it).
    const precautions = await syncRepository.precautionsOf(
      ex,
      actor.portalId,
      [...new Set(pending.map((r) => r.employeeId))],
      lock,
    );
    const checkups = await repository.checkups(
      ex,
      precautions.map((p) => p.id),
    );
    const { defaultIntervalMonths } = await settings.read(occupationalMedicineSettings, ex);

    const good: GoodRow[] = [];
    const seen = new Map<string, number>();
    for (const row of pending) {
      const matches = precautions.filter(
        (p) =>
          p.employeeId === row.employeeId &&
          p.reasonId === row.reasonId &&
          (row.type === null || p.type === row.type),
      );
      if (matches.length !== 1) {
        errors.push({
          line: row.line,
          kind: 'unknownPrecaution',
          message:
            matches.length === 0
              ? messages.noSuchPrecaution(row.occasion)
              : messages.ambiguousPrecaution(row.occasion),
        });
        continue;
      }
      const precaution = matches[0]!;
      const key = `${precaution.id}|${row.date}`;
      const first = seen.get(key);
      if (first !== undefined) {
        errors.push({ line: row.line, kind: 'duplicateRow', message: messages.duplicateRow(first) });
        continue;
      }
      seen.set(key, row.line);
      const existing = checkups.find((c) => c.precautionId === precaution.id && c.date === row.date);
      good.push({
        line: row.line,
        precaution,
        date: row.date,
        kind: row.kind,
        next: row.next,
        outcome: !existing ? 'created' : existing.assessmentKind === row.kind ? 'unchanged' : 'updated',
        existingCheckupId: existing?.id ?? null,
      });
    }
    errors.sort((a, b) => a.line - b.line);

    // The due date follows the latest examination: its next date from the file, or one interval after it.
    const nextDue = new Map<number, string>();
    const byPrecaution = new Map<number, GoodRow[]>();
    for (const row of good)
      byPrecaution.set(row.precaution.id, [...(byPrecaution.get(row.precaution.id) ?? []), row]);
    for (const [id, rows] of byPrecaution) {
      const latest = rows.reduce((a, b) => (b.date > a.date ? b : a));
      const before = checkups.find((c) => c.precautionId === id)?.date;
      if (before !== undefined && before > latest.date) continue;
      const precaution = latest.precaution;
      const due = latest.next ?? addMonths(latest.date, precaution.intervalMonths ?? defaultIntervalMonths);
      if (due !== precaution.nextDue) {
        nextDue.set(id, due);
        if (latest.outcome === 'unchanged') latest.outcome = 'updated';
      }
    }

    const counts: SyncCounts = { created: 0, updated: 0, unchanged: 0 };
    for (const row of good) counts[row.outcome]++;
    return { rowCount: parsed.rows.length, errors, good, nextDue, counts };
  }

  return {
    /** Step 1: the file's columns, first rows, distinct values and the suggested mapping. */
    async preview(_actor: Actor, raw: SyncFile): Promise<SyncPreview> {
      const file = syncFileSchema.parse(raw);
      const { parsed, separator } = read(file);
      const columns = Array.from(
        { length: parsed.columnCount },
        (_, i) => parsed.header?.[i] || `Spalte ${i + 1}`,
      );
      const distinctValues = columns.map((_, i) => {
        const values = new Set<string>();
        for (const row of parsed.rows) {
          const value = (row.cells[i] ?? '').trim();
          if (value !== '') values.add(value);
          if (values.size >= SYNC_MAX_DISTINCT_VALUES) break;
        }
        return [...values].sort((a, b) => a.localeCompare(b, 'de'));
      });
      const occasions = (await repository.catalogue(db, 'assessmentReason'))
        .filter((r) => r.active)
        .map((r) => ({ id: r.id, name: r.name }));
      return {
        fileName: file.fileName,
        encoding: parsed.encoding,
        separator,
        hasHeader: file.hasHeader,
        columns,
        rows: parsed.rows.slice(0, SYNC_PREVIEW_ROWS),
        rowCount: parsed.rows.length,
        distinctValues,
        suggestedColumns: suggestSyncColumns(parsed.header),
        occasions,
      };
    },

    /** Step 3: every row's errors and what the import would do. Writes nothing. */
    async check(actor: Actor, raw: SyncRequest): Promise<SyncCheck> {
      const input = syncRequestSchema.parse(raw);
      const { parsed } = read(input);
      checkMapping(input.mapping, parsed.columnCount);
      const { rowCount, errors, counts } = await evaluate(db, actor, parsed, input.mapping);
      return { rowCount, errors, counts };
    },

    /**
     * Step 4: checks again under lock and writes everything in one transaction — or, when any row fails,
     * nothing (PRECAUTION_SYNC_REJECTED with the row messages).
     */
    async commit(actor: Actor, raw: SyncRequest): Promise<SyncResult> {
      const input = syncRequestSchema.parse(raw);
      const { parsed } = read(input);
      checkMapping(input.mapping, parsed.columnCount);
      return db.transaction(async (tx) => {
        const result = await evaluate(tx, actor, parsed, input.mapping, 'update');
        if (result.errors.length > 0)
          throw new AppError('PRECAUTION_SYNC_REJECTED', {
            details: result.errors
              .slice(0, 100)
              .map((e) => ({ path: ['rows', e.line], message: messages.rowError(e.line, e.message) })),
          });
        const touched = new Map<number, { precaution: PrecautionRow; dates: string[] }>();
        for (const row of result.good) {
          if (row.outcome === 'unchanged' && !result.nextDue.has(row.precaution.id)) continue;
          if (row.existingCheckupId === null) {
            await repository.insertCheckup(tx, {
              precautionId: row.precaution.id,
              date: row.date,
              assessmentKind: row.kind,
              createdBy: actor.employeeId,
            });
          } else if (row.outcome === 'updated') {
            await syncRepository.updateCheckupKind(tx, row.existingCheckupId, row.kind);
          }
          const entry = touched.get(row.precaution.id) ?? { precaution: row.precaution, dates: [] };
          if (row.outcome !== 'unchanged') entry.dates.push(row.date);
          touched.set(row.precaution.id, entry);
        }
        for (const [id, { precaution, dates }] of touched) {
          const due = result.nextDue.get(id);
          if (
            due !== undefined &&
            !(await repository.updatePrecaution(tx, id, precaution.version, { nextDue: due }))
          )
            throw new AppError('CONFLICT');
          await recordChange(tx, {
            entity: PRECAUTION_ENTITY,
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            // Health data stays out of the change log: only the examination dates and the due date.
            changes: {
              checkupSync: { from: null, to: dates.sort().join(', ') || null },
              ...(due !== undefined ? { nextDue: { from: precaution.nextDue, to: due } } : {}),
            },
          });
          const latest = dates.sort().at(-1);
          if (latest !== undefined)
            await deps.hooks?.checkupRecorded(tx, {
              portalId: actor.portalId,
              employeeId: precaution.employeeId,
              precautionId: id,
              date: latest,
              actorId: actor.employeeId,
            });
        }
        return { rowCount: result.rowCount, ...result.counts };
      });
    },
  };
}

export type PrecautionSyncService = ReturnType<typeof createPrecautionSyncService>;
