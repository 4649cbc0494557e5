export const documentKeys = {
  all: ['documents'] as const,
  details: () => [...documentKeys.all, 'detail'] as const,
  detail: (id: number) => [...documentKeys.details(), id] as const,
  links: (entity: string, entityId: number) => [...documentKeys.all, 'links', entity, entityId] as const,
};

/** List source of the documents list (list protocol). */
export const DOCUMENT_LIST_SOURCE = 'documents';
