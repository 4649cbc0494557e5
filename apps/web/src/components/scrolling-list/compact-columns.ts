/**
 * Where a column goes in the compact (phone) layout of the scrolling list: each row becomes
 * [leading cells] [primary line / secondary line] [trailing cells], and below them the actions line.
 * - 'leading' / 'trailing': a cell of its own (checkbox, one icon button)
 * - 'primary': first line (several are joined with ', ')
 * - 'secondary': second line (joined with ' · ')
 * - 'actions': a line of its own under the others, the row's full width (buttons with text)
 * - 'hidden': not shown
 * Columns that do not say: the first of them is the primary line, the others the secondary line.
 */
export type CompactPlacement = 'leading' | 'primary' | 'secondary' | 'trailing' | 'actions' | 'hidden';

export type CompactLayout<C> = { leading: C[]; primary: C[]; secondary: C[]; trailing: C[]; actions: C[] };

export function compactLayout<C extends { compact?: CompactPlacement | undefined }>(
  columns: readonly C[],
): CompactLayout<C> {
  const layout: CompactLayout<C> = { leading: [], primary: [], secondary: [], trailing: [], actions: [] };
  const undeclared: C[] = [];
  for (const column of columns) {
    if (column.compact === undefined) undeclared.push(column);
    else if (column.compact !== 'hidden') layout[column.compact].push(column);
  }
  if (layout.primary.length === 0 && undeclared.length > 0) {
    layout.primary.push(undeclared.shift() as C);
  }
  // Keep the declared order of the columns on the second line.
  const secondary = new Set([...layout.secondary, ...undeclared]);
  layout.secondary = columns.filter((column) => secondary.has(column));
  return layout;
}
