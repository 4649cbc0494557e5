/** The action buttons a page can switch on; the toolbar shows them in this order. */
export type ToolbarActionKey = 'filter' | 'sort' | 'print' | 'preview' | 'upload' | 'add' | 'save';

/**
 * Phones (below 600 px): the toolbar keeps this many action buttons beside the title. With more actions,
 * the last slot is the overflow button 'Weitere Aktionen' and the rest go into its menu.
 */
export const PHONE_ACTION_SLOTS = 2;

/** The page's main actions: they stay in view first when others go into the overflow menu. */
const MAIN_ACTIONS: readonly ToolbarActionKey[] = ['save', 'add'];

/**
 * Splits the page's toolbar actions into the buttons shown and those of the overflow menu. `slots` null:
 * room for all (tablet and desktop). With too many actions, one slot goes to the overflow button and the
 * others to the main actions (save, then add), then to the first actions in toolbar order. Both parts keep
 * the toolbar order.
 */
export function splitToolbarActions<A extends { key: ToolbarActionKey }>(
  actions: readonly A[],
  slots: number | null,
): { inline: A[]; overflow: A[] } {
  if (slots === null || actions.length <= slots) return { inline: [...actions], overflow: [] };
  const present = actions.map((action) => action.key);
  const byImportance = [
    ...MAIN_ACTIONS.filter((key) => present.includes(key)),
    ...present.filter((key) => !MAIN_ACTIONS.includes(key)),
  ];
  const keep = new Set(byImportance.slice(0, Math.max(0, slots - 1)));
  return {
    inline: actions.filter((action) => keep.has(action.key)),
    overflow: actions.filter((action) => !keep.has(action.key)),
  };
}
