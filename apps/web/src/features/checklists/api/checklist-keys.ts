export const checklistKeys = {
  all: ['checklists'] as const,
  details: () => [...checklistKeys.all, 'detail'] as const,
  detail: (id: number) => [...checklistKeys.details(), id] as const,
  instances: (id: number) => [...checklistKeys.all, 'instances', id] as const,
  instance: (id: number, instanceId: number) => [...checklistKeys.all, 'instance', id, instanceId] as const,
  protection: (id: number) => [...checklistKeys.all, 'protection', id] as const,
  backups: (id: number) => [...checklistKeys.all, 'backups', id] as const,
  rightOptions: () => [...checklistKeys.all, 'right-options'] as const,
};

/** List source of the checklists (list protocol, spec shell §7). */
export const CHECKLIST_LIST_SOURCE = 'checklists';
