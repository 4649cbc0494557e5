/** List source of "Meine Unterweisungen" (list protocol; `includeDone` adds the done ones). */
export const MY_ASSIGNMENTS_SOURCE = 'instructions/mine';
