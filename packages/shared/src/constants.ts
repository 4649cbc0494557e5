/** Business constants of the shell (spec shell.md §9). One place for every number the UI and server share. */
export const PRODUCT_NAME = 'Schutzwerk';
export const PRODUCT_VERSION = '07.08.23-beta';

export const LIST_PAGE_SIZE = 100;
export const LIST_MAX_ROWS_IN_MEMORY = 200;
export const LIST_LOOK_AHEAD = 30;
export const LIST_DEFAULT_TOTAL = 10000;
export const LIST_ROW_HEIGHT = 48;
export const LIST_MAX_LIMIT = 100;
export const LIST_SEARCH_MAX_LENGTH = 200;

export const SEARCH_DEBOUNCE_MS = 500;

export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_DELAY_MS = 500;

export const DIALOG_MAX_WIDTH = 600;

export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1264, xl: 1904 } as const;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const TOOLBAR_FILTER_VALUES = [0, 1, 2] as const;

/** Picker: above this many matches the employee picker asks the user to narrow the search. */
export const EMPLOYEE_PICKER_MAX_UNFILTERED = 500;

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

export const LOCALES = [
  'cs-CZ',
  'de-AT',
  'de-CH',
  'de-DE',
  'en-GB',
  'en-US',
  'fr-FR',
  'hu-HU',
  'nl-NL',
  'pl-PL',
  'ro-RO',
  'ru-RU',
] as const;

/** Change-log states: 0–4 of the spec; 5 (read) is ours: reads of health records (accident reports, decision 047). */
export const LOG_STATE = { DELETED: 0, CHANGED: 1, CREATED: 2, IMPORT: 3, SYNC: 4, READ: 5 } as const;
export type LogState = (typeof LOG_STATE)[keyof typeof LOG_STATE];

/**
 * The query parameter with which a failed single sign-on returns to /login (here, not in sso.schema.ts: the
 * sign-in page reads it and loads no schema library).
 */
export const SSO_ERROR_PARAM = 'ssoError';
