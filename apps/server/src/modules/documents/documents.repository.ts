import type { DocumentListFilter } from '@schutzwerk/shared/documents/documents.schema.ts';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '#db/client.ts';
import { deleteVersioned, updateVersioned } from '#db/versioned.ts';
import { employeePortals, employees } from '#modules/employees/tables.ts';
import { locations } from '#modules/organisation/tables.ts';
import { type ListSource, planList, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import { documentLinks, documents, documentVersions, storedFiles } from './documents.table.ts';

export type DocumentRecord = typeof documents.$inferSelect;
export type DocumentInsert = typeof documents.$inferInsert;
export type VersionRecord = typeof documentVersions.$inferSelect & { uploadedByName: string | null };

const nameOf = (t: typeof employees) => sql<string>`${t.lastName} || ', ' || ${t.firstName}`;

const listSource: ListSource = {
  orderBy: {
    label: sql`lower(${documents.label})`,
    type: documents.type,
    nextCheck: documents.nextCheck,
    docVersion: documents.docVersion,
  },
  defaultOrderBy: 'label',
  tieBreaker: documents.id,
  searchText: sql`lower(${documents.label})`,
  // Responsible person and current version are many-to-one left joins (decision 035).
  rowsOf: documents,
};

/** Data access of the document management; every function takes the Executor first (decision 031). */
export const documentsRepository = {
  /** Whether the location exists in the portal (the built-in link target 'location'). */
  async locationInPortal(ex: Executor, locationId: number, portalId: number): Promise<boolean> {
    const rows = await ex
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.id, locationId), eq(locations.portalId, portalId)));
    return rows.length > 0;
  },

  async findById(ex: Executor, id: number, lock?: 'update'): Promise<DocumentRecord | undefined> {
    const q = ex.select().from(documents).where(eq(documents.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async insert(ex: Executor, values: DocumentInsert): Promise<DocumentRecord> {
    const [row] = await ex.insert(documents).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  /** Updates only when `version` matches; false otherwise. */
  async updateVersioned(
    ex: Executor,
    id: number,
    version: number,
    patch: Partial<DocumentInsert>,
  ): Promise<boolean> {
    return updateVersioned(ex, documents, id, version, patch);
  },

  async deleteVersioned(ex: Executor, id: number, version: number): Promise<boolean> {
    return deleteVersioned(ex, documents, id, version);
  },

  async versions(ex: Executor, documentId: number): Promise<VersionRecord[]> {
    const rows = await ex
      .select({ v: documentVersions, uploadedByName: nameOf(employees) })
      .from(documentVersions)
      .leftJoin(employees, eq(employees.id, documentVersions.uploadedById))
      .where(eq(documentVersions.documentId, documentId))
      .orderBy(asc(documentVersions.number));
    return rows.map((r) => ({ ...r.v, uploadedByName: r.uploadedByName }));
  },

  async insertVersion(
    ex: Executor,
    values: typeof documentVersions.$inferInsert,
  ): Promise<typeof documentVersions.$inferSelect> {
    const [row] = await ex.insert(documentVersions).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  async nextVersionNumber(ex: Executor, documentId: number): Promise<number> {
    const [row] = await ex
      .select({ n: sql<number>`cast(coalesce(max(${documentVersions.number}), 0) + 1 as integer)` })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, documentId));
    return row?.n ?? 1;
  },

  /** Records a stored content once (identical uploads share the row). */
  async ensureStoredFile(ex: Executor, values: typeof storedFiles.$inferInsert): Promise<void> {
    await ex.insert(storedFiles).values(values).onConflictDoNothing();
  },

  async employeeNames(ex: Executor, ids: (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await ex
      .select({ id: employees.id, name: nameOf(employees) })
      .from(employees)
      .where(
        sql`${employees.id} in (${sql.join(
          wanted.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  async employeeRef(ex: Executor, id: number | null) {
    if (id === null) return null;
    const [row] = await ex
      .select({
        id: employees.id,
        personnelNumber: employees.personnelNumber,
        lastName: employees.lastName,
        firstName: employees.firstName,
      })
      .from(employees)
      .where(eq(employees.id, id));
    return row ? { ...row, departmentName: null } : null;
  },

  /** Whether the employee belongs to the portal (home portal or portal assignment). */
  async employeeInPortal(ex: Executor, employeeId: number, portalId: number): Promise<boolean> {
    const rows = await ex
      .select({ id: employees.id })
      .from(employees)
      .leftJoin(
        employeePortals,
        and(eq(employeePortals.employeeId, employees.id), eq(employeePortals.portalId, portalId)),
      )
      .where(
        and(
          eq(employees.id, employeeId),
          or(eq(employees.portalId, portalId), isNotNull(employeePortals.portalId)),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  async list(ex: Executor, portalId: number, query: DocumentListFilter, today: string) {
    const responsible = alias(employees, 'responsible');
    const filters: (SQL | undefined)[] = [eq(documents.portalId, portalId)];
    if (query.type !== undefined) filters.push(eq(documents.type, query.type));
    if (query.released === true) filters.push(isNotNull(documents.releasedAt));
    if (query.released === false) filters.push(isNull(documents.releasedAt));
    if (query.dueForCheck === true) filters.push(lte(documents.nextCheck, today));
    if (query.template !== undefined) filters.push(eq(documents.isTemplate, query.template));
    const plan = planList(listSource, query, filters);
    const current = alias(documentVersions, 'current_version');
    return runList(plan, {
      rows: async (p) => {
        const rows = await ex
          .select({
            id: documents.id,
            label: documents.label,
            type: documents.type,
            docVersion: documents.docVersion,
            revision: documents.revision,
            responsibleName: sql<string | null>`${responsible.lastName} || ', ' || ${responsible.firstName}`,
            confidential: documents.confidential,
            isTemplate: documents.isTemplate,
            released: sql<boolean>`${documents.releasedAt} is not null`,
            nextCheck: documents.nextCheck,
            fileName: current.fileName,
            fileCount: sql<number>`cast((select count(*) from ${documentVersions} where ${documentVersions.documentId} = ${documents.id}) as integer)`,
          })
          .from(documents)
          .leftJoin(responsible, eq(responsible.id, documents.responsibleId))
          .leftJoin(current, eq(current.id, documents.currentVersionId))
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset);
        return rows;
      },
      count: (where) => countRows(ex, documents, where),
    });
  },

  // ── links ──
  async links(ex: Executor, entity: string, entityId: number, portalId: number) {
    return ex
      .select({ documentId: documentLinks.documentId })
      .from(documentLinks)
      .innerJoin(documents, eq(documents.id, documentLinks.documentId))
      .where(
        and(
          eq(documentLinks.entity, entity),
          eq(documentLinks.entityId, entityId),
          eq(documents.portalId, portalId),
        ),
      )
      .orderBy(asc(sql`lower(${documents.label})`), asc(documents.id));
  },
  /** The records a document is linked to (e.g. to follow its changes there). */
  async linksOfDocument(ex: Executor, documentId: number) {
    return ex
      .select({ entity: documentLinks.entity, entityId: documentLinks.entityId })
      .from(documentLinks)
      .where(eq(documentLinks.documentId, documentId));
  },
  /**
   * The documents linked to a record with what other modules derive from them (document tasks, frozen
   * versions): label, type, responsible, next check and the current file version.
   */
  /** The ids among `ids` of documents that are confidential now. */
  async confidentialIds(ex: Executor, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await ex
      .select({ id: documents.id })
      .from(documents)
      .where(and(inArray(documents.id, ids), eq(documents.confidential, true)));
    return new Set(rows.map((r) => r.id));
  },
  async linkedDocuments(ex: Executor, entity: string, entityId: number, documentId?: number) {
    return ex
      .select({
        id: documents.id,
        portalId: documents.portalId,
        label: documents.label,
        type: documents.type,
        confidential: documents.confidential,
        responsibleId: documents.responsibleId,
        nextCheck: documents.nextCheck,
        fileVersionId: documentVersions.id,
        fileVersionNumber: documentVersions.number,
        fileName: documentVersions.fileName,
      })
      .from(documentLinks)
      .innerJoin(documents, eq(documents.id, documentLinks.documentId))
      .leftJoin(documentVersions, eq(documentVersions.id, documents.currentVersionId))
      .where(
        and(
          eq(documentLinks.entity, entity),
          eq(documentLinks.entityId, entityId),
          documentId === undefined ? undefined : eq(documentLinks.documentId, documentId),
        ),
      )
      .orderBy(asc(sql`lower(${documents.label})`), asc(documents.id));
  },
  async insertLink(ex: Executor, values: typeof documentLinks.$inferInsert): Promise<boolean> {
    const rows = await ex.insert(documentLinks).values(values).onConflictDoNothing().returning();
    return rows.length === 1;
  },
  async deleteLink(ex: Executor, entity: string, entityId: number, documentId: number): Promise<boolean> {
    const rows = await ex
      .delete(documentLinks)
      .where(
        and(
          eq(documentLinks.entity, entity),
          eq(documentLinks.entityId, entityId),
          eq(documentLinks.documentId, documentId),
        ),
      )
      .returning();
    return rows.length === 1;
  },
};
export type DocumentsRepository = typeof documentsRepository;
