import { z } from 'zod';
import { idSchema, MAX_INT, versionSchema } from '../list/list.schema.ts';
import { requiredFields } from '../update.ts';

/**
 * A checklist's workflow, notification and printer settings (decision 066): the builder's e-mail, workflow
 * and printer dialogs (spec modules.md „Checklists“), one versioned record per checklist.
 */

const employeeId = z.number().int().positive();

export const PRINT_ORIENTATIONS = ['portrait', 'landscape'] as const;

export const notificationSettingsSchema = z
  .object({
    /** Mail when a filled checklist is done (approved, when it needs approval). */
    onDone: z.boolean(),
    /** Mail when an approver rejects a filled checklist. */
    onRejected: z.boolean(),
    /** Mail when a variable's value crosses its limit on a save. */
    onLimit: z.boolean(),
    employeeIds: z.array(employeeId).max(100),
    /** Addresses typed by hand (checked by `mailAddressProblems`). */
    addresses: z.array(z.string().trim().max(254, 'Höchstens 254 Zeichen erlaubt.')).max(50),
  })
  .strict();
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const workflowSettingsSchema = z
  .object({
    /** Who approves a done checklist (empty: done needs no approval). */
    approverIds: z.array(employeeId).max(50),
    /** The checklist started for the same record once this one is done (and approved). */
    nextChecklistId: idSchema.nullable(),
  })
  .strict();
export type WorkflowSettings = z.infer<typeof workflowSettingsSchema>;

export const printSettingsSchema = z
  .object({
    orientation: z.enum(PRINT_ORIENTATIONS),
    header: z.string().trim().max(200, 'Höchstens 200 Zeichen erlaubt.'),
    footer: z.string().trim().max(200, 'Höchstens 200 Zeichen erlaubt.'),
    /** Unanswered cells appear in the print (else they are left out). */
    showEmpty: z.boolean(),
    /** Progress and approval lines under the checklist's title. */
    showProgress: z.boolean(),
  })
  .strict();
export type PrintSettings = z.infer<typeof printSettingsSchema>;

export const DEFAULT_PRINT_SETTINGS: PrintSettings = {
  orientation: 'portrait',
  header: '',
  footer: '',
  showEmpty: true,
  showProgress: true,
};

const settingsFields = {
  notifications: notificationSettingsSchema,
  workflow: workflowSettingsSchema,
  print: printSettingsSchema,
};

/** Whole-record PUT of the settings (decision 024). */
export const updateChecklistWorkflowSchema = z
  .object({
    /** 0 while no settings are stored yet (the defaults). */
    version: z.number().int().min(0).max(MAX_INT),
    ...requiredFields(settingsFields),
  })
  .strict();
export type UpdateChecklistWorkflow = z.infer<typeof updateChecklistWorkflowSchema>;

const person = z.object({ id: z.number().int(), name: z.string() });
export const checklistWorkflowSchema = z.object({
  checklistId: z.number().int(),
  /** 0 while the checklist has no stored settings (the defaults). */
  version: z.number().int(),
  notifications: notificationSettingsSchema,
  workflow: workflowSettingsSchema,
  print: printSettingsSchema,
  /** Names of the employees in recipients and approvers, and the next checklist's label. */
  people: z.array(person),
  nextChecklistLabel: z.string().nullable(),
});
export type ChecklistWorkflow = z.infer<typeof checklistWorkflowSchema>;

export const DEFAULT_WORKFLOW: Omit<ChecklistWorkflow, 'checklistId' | 'people' | 'nextChecklistLabel'> = {
  version: 0,
  notifications: { onDone: false, onRejected: false, onLimit: false, employeeIds: [], addresses: [] },
  workflow: { approverIds: [], nextChecklistId: null },
  print: DEFAULT_PRINT_SETTINGS,
};

// ── manual addresses (spec: „Manual e-mail entry must be valid and not duplicate.“) ──────────────────

const emailCheck = z.email();
export type AddressProblem = { index: number; problem: 'invalid' | 'duplicate' };

/** The typed addresses that are not valid or repeat an earlier one (case-insensitive). */
export function mailAddressProblems(addresses: readonly string[]): AddressProblem[] {
  const seen = new Set<string>();
  const out: AddressProblem[] = [];
  addresses.forEach((raw, index) => {
    const address = raw.trim();
    if (!emailCheck.safeParse(address).success) out.push({ index, problem: 'invalid' });
    else if (seen.has(address.toLowerCase())) out.push({ index, problem: 'duplicate' });
    seen.add(address.toLowerCase());
  });
  return out;
}

// ── approval of a filled checklist ─────────────────────────────────────────────────────────────────

export const APPROVAL_STATES = ['submitted', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const instanceApprovalSchema = z.object({
  /** Whether the checklist needs approval (approvers set). */
  required: z.boolean(),
  state: z.enum(APPROVAL_STATES).nullable(),
  comment: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The actor is one of the approvers. */
  mayDecide: z.boolean(),
});
export type InstanceApproval = z.infer<typeof instanceApprovalSchema>;

export const approvalDecisionSchema = z
  .object({
    version: versionSchema,
    decision: z.enum(['approve', 'reject']),
    comment: z.string().trim().max(2000, 'Höchstens 2000 Zeichen erlaubt.'),
  })
  .strict()
  .refine((d) => d.decision === 'approve' || d.comment !== '', {
    path: ['comment'],
    message: 'Bitte begründen Sie die Ablehnung.',
  });
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;
