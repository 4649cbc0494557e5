export const auditKeys = {
  all: ['audits'] as const,
  detail: (id: number) => [...auditKeys.all, 'detail', id] as const,
  findings: (id: number) => [...auditKeys.all, 'findings', id] as const,
  checklistOptions: () => [...auditKeys.all, 'checklist-options'] as const,
};

/** List source of the approval processes (list protocol, spec shell §7). */
export const AUDIT_LIST_SOURCE = 'audits';
