/** List sources (list protocol): actions the caller may read, and the caller's tasks. */
export const ACTION_LIST_SOURCE = 'actions';
export const TASK_LIST_SOURCE = 'tasks';
