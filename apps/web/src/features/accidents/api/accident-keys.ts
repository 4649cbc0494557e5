export const accidentKeys = {
  all: ['accidents'] as const,
  details: () => [...accidentKeys.all, 'detail'] as const,
  detail: (id: number) => [...accidentKeys.details(), id] as const,
  injuryCategories: () => [...accidentKeys.all, 'injuryCategories'] as const,
  checklistChoice: () => [...accidentKeys.all, 'checklistChoice'] as const,
};

/** List source of the accident reports (list protocol; filters status, eventType, inactive). */
export const ACCIDENT_LIST_SOURCE = 'accidents';
/** List source of the first-aid book. */
export const FIRST_AID_LIST_SOURCE = 'firstaid';
/** List source of a report's read log (decision 062, LOG_VIEWER; filter healthVisible). */
export const readLogSource = (reportId: number) => `accidents/${reportId}/reads`;
