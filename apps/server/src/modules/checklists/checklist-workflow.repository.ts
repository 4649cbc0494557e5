import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import { checklistApprovals, checklistWorkflows } from './checklist-workflow.table.ts';
import { checklists } from './checklists.table.ts';

export type WorkflowRecord = typeof checklistWorkflows.$inferSelect;
export type ApprovalRecord = typeof checklistApprovals.$inferSelect;
type WorkflowValues = Pick<WorkflowRecord, 'notifications' | 'workflow' | 'print'>;

/** Storage of checklist workflow settings and approvals (decision 066). */
export const checklistWorkflowRepository = {
  async find(ex: Executor, checklistId: number): Promise<WorkflowRecord | undefined> {
    const [row] = await ex
      .select()
      .from(checklistWorkflows)
      .where(eq(checklistWorkflows.checklistId, checklistId));
    return row;
  },

  async findMany(ex: Executor, checklistIds: readonly number[]): Promise<WorkflowRecord[]> {
    if (checklistIds.length === 0) return [];
    return ex
      .select()
      .from(checklistWorkflows)
      .where(inArray(checklistWorkflows.checklistId, [...checklistIds]));
  },

  /** Creates the row (version 1) when `version` is 0, else updates it on that version; false when stale. */
  async save(
    ex: Executor,
    checklistId: number,
    version: number,
    values: WorkflowValues,
    updatedBy: number,
  ): Promise<boolean> {
    if (version === 0) {
      const rows = await ex
        .insert(checklistWorkflows)
        .values({ checklistId, ...values, updatedBy })
        .onConflictDoNothing()
        .returning({ id: checklistWorkflows.checklistId });
      return rows.length === 1;
    }
    const rows = await ex
      .update(checklistWorkflows)
      .set({ ...values, updatedBy, updatedAt: new Date(), version: sql`${checklistWorkflows.version} + 1` })
      .where(and(eq(checklistWorkflows.checklistId, checklistId), eq(checklistWorkflows.version, version)))
      .returning({ id: checklistWorkflows.checklistId });
    return rows.length === 1;
  },

  async approval(ex: Executor, instanceId: number): Promise<ApprovalRecord | undefined> {
    const [row] = await ex
      .select()
      .from(checklistApprovals)
      .where(eq(checklistApprovals.instanceId, instanceId));
    return row;
  },

  async approvals(ex: Executor, instanceIds: readonly number[]): Promise<ApprovalRecord[]> {
    if (instanceIds.length === 0) return [];
    return ex
      .select()
      .from(checklistApprovals)
      .where(inArray(checklistApprovals.instanceId, [...instanceIds]));
  },

  async submit(ex: Executor, instanceId: number, by: number): Promise<void> {
    const values = {
      state: 'submitted' as const,
      submittedBy: by,
      comment: '',
      decidedBy: null,
      decidedAt: null,
    };
    await ex
      .insert(checklistApprovals)
      .values({ instanceId, ...values })
      .onConflictDoUpdate({ target: checklistApprovals.instanceId, set: values });
  },

  async decide(
    ex: Executor,
    instanceId: number,
    values: { state: 'approved' | 'rejected'; comment: string; decidedBy: number },
  ): Promise<void> {
    await ex
      .update(checklistApprovals)
      .set({ ...values, decidedAt: new Date() })
      .where(eq(checklistApprovals.instanceId, instanceId));
  },

  async contacts(ex: Executor, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return ex
      .select({
        id: employees.id,
        email: employees.email,
        firstName: employees.firstName,
        lastName: employees.lastName,
        language: employees.language,
      })
      .from(employees)
      .where(and(inArray(employees.id, [...new Set(ids)]), eq(employees.active, true)));
  },

  async names(ex: Executor, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await ex
      .select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName })
      .from(employees)
      .where(inArray(employees.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, `${r.lastName}, ${r.firstName}`]));
  },

  async checklistOfPortal(ex: Executor, id: number, portalId: number) {
    const [row] = await ex
      .select({ id: checklists.id, label: checklists.label, active: checklists.active })
      .from(checklists)
      .where(and(eq(checklists.id, id), eq(checklists.portalId, portalId)));
    return row;
  },
};
export type ChecklistWorkflowRepository = typeof checklistWorkflowRepository;
