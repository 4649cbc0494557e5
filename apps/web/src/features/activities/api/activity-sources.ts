/** List sources of the activities module (list protocol, spec shell §7). */
export const ACTIVITY_PICKER_SOURCE = 'activities/picker';
