/** List sources (list protocol): the management list and the picker of the assessment header. */
export const FACTOR_MENU_LIST_SOURCE = 'factormenus';
export const FACTOR_MENU_PICKER_SOURCE = 'factormenu/picker';
