import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { type SxProps, type Theme, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LIST_ROW_HEIGHT } from '@schutzwerk/shared/constants.ts';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  Fragment,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import type { QueryValue } from '#lib/api-client.ts';
import { type CompactPlacement, compactLayout } from './compact-columns.ts';
import { nextRowIndex } from './list-keyboard.ts';
import { usePagedRows } from './use-paged-rows.ts';

export type SortDirection = 'asc' | 'desc';

export type ScrollingListColumn<Row> = {
  id: string;
  header: ReactNode;
  /** Plain-text header for screen readers and tooltips when `header` is not a string. */
  headerLabel?: string;
  /** The `orderBy` value of the source; makes the header clickable. */
  sortKey?: string;
  /**
   * The cell content. `cell.tabbable` is true for the row that holds the list's Tab stop: controls inside a
   * cell (buttons) take `tabIndex={cell.tabbable ? 0 : -1}` so the list stays one Tab stop.
   */
  render: (row: Row, index: number, cell: { tabbable: boolean }) => ReactNode;
  /** Placement in the compact (phone) layout; see compact-columns.ts. */
  compact?: CompactPlacement | undefined;
  /** Grid track sizing: minimum width in px and share of the remaining width (default 120 / 1). */
  minWidth?: number;
  grow?: number;
  align?: 'left' | 'right' | 'center';
};

export type ScrollingListProps<Row> = {
  /** The list source below /api/, e.g. 'employee/list'. */
  source: string;
  /** The source's own filters; memoise the object (it is compared by content anyway). */
  params?: Record<string, QueryValue> | undefined;
  method?: 'GET' | 'POST';
  columns: readonly ScrollingListColumn<Row>[];
  /** Accessible name of the grid. */
  label: string;
  search?: string | undefined;
  orderBy?: string | undefined;
  orderDirection?: SortDirection | undefined;
  /** Clicking a sortable header: same column flips the direction, another column sorts ascending. */
  onSortChange?: ((orderBy: string, direction: SortDirection) => void) | undefined;
  onRowClick?: ((row: Row, index: number) => void) | undefined;
  isRowSelected?: ((row: Row) => boolean) | undefined;
  /** Rows shown greyed out (aria-disabled); a click still reaches `onRowClick`, which explains why. */
  isRowDisabled?: ((row: Row) => boolean) | undefined;
  /** The source's filteredCount after each answer; null while the first answer is pending. */
  onTotalChange?: ((filteredCount: number | null) => void) | undefined;
  /** Change it to reload the list (e.g. after a mutation). */
  reloadKey?: unknown;
  rowHeight?: number;
  emptyText?: string;
  /** False keeps the list idle (e.g. a closed dialog). */
  enabled?: boolean;
  /**
   * Each row shows its columns on two lines (first line, then the rest) instead of side by side, so
   * nothing scrolls out sideways; columns placed as 'actions' get a third line. Row height at least 60
   * (104 with the actions line). Default: on phones (below 600 px), side by side from 600 px.
   */
  compact?: boolean | undefined;
  sx?: SxProps<Theme>;
};

const OVERSCAN = 8;
const COMPACT_ROW_HEIGHT = 60;
/** The actions line of a compact row: room for small buttons (30 px) and a little air. */
const COMPACT_ACTIONS_HEIGHT = 44;

/** Cell content counts as empty when it renders nothing visible (left out of a compact line). */
function isEmptyContent(node: ReactNode): boolean {
  return node === null || node === undefined || node === false || node === '';
}

/** The non-empty parts, separated by `separator` (each part keeps its own markup). */
function joinContent(parts: ReactNode[], separator: string): ReactNode {
  const kept = parts.filter((part) => !isEmptyContent(part));
  return kept.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts are positional and never reorder.
    <Fragment key={i}>
      {i > 0 ? separator : null}
      {part}
    </Fragment>
  ));
}

function headerText<Row>(column: ScrollingListColumn<Row>): string {
  return column.headerLabel ?? (typeof column.header === 'string' ? column.header : column.id);
}

/**
 * The virtualised list of the shell (spec shell §2.5). Generic over the row type; rows are fetched
 * lazily through the list protocol, and the DOM holds only the rows on screen plus a small overscan.
 */
export function ScrollingList<Row>(props: ScrollingListProps<Row>) {
  const {
    source,
    params,
    method,
    columns,
    label,
    search,
    orderBy,
    orderDirection = 'asc',
    onSortChange,
    onRowClick,
    isRowSelected,
    isRowDisabled,
    onTotalChange,
    reloadKey,
    rowHeight: plainRowHeight = LIST_ROW_HEIGHT,
    emptyText,
    enabled = true,
    sx,
  } = props;
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const compact = props.compact ?? phone;
  const scrollRef = useRef<HTMLDivElement>(null);
  const layout = compact ? compactLayout(columns) : null;
  const actionsHeight = layout && layout.actions.length > 0 ? COMPACT_ACTIONS_HEIGHT : 0;
  const textHeight = compact ? Math.max(plainRowHeight, COMPACT_ROW_HEIGHT) : plainRowHeight;
  const rowHeight = textHeight + actionsHeight;
  const headerHeight = plainRowHeight;

  const { total, answered, error, getRow, reload, cachedRows, setVisibleRange } = usePagedRows<Row>({
    source,
    params,
    method,
    search,
    orderBy,
    orderDirection,
    reloadKey,
    enabled,
  });

  const virtualizer = useVirtualizer({
    count: enabled && !error ? total : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    scrollPaddingStart: headerHeight,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? -1;
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    // Rendered rows (visible plus overscan) need data; the loader adds its 30 rows of look-ahead.
    if (first >= 0) setVisibleRange(first, last);
  }, [first, last, setVisibleRange]);

  const queryIdentity = JSON.stringify({ source, params, search, orderBy, orderDirection, reloadKey });
  const lastIdentity = useRef(queryIdentity);
  useEffect(() => {
    if (lastIdentity.current !== queryIdentity) {
      lastIdentity.current = queryIdentity;
      scrollRef.current?.scrollTo({ top: 0 });
    }
  }, [queryIdentity]);

  useEffect(() => {
    // A failed load has no count to report: the page shows no '0 Einträge' next to the error.
    onTotalChange?.(answered && !error ? total : null);
  }, [answered, total, error, onTotalChange]);

  // Back online after a failed load: try again by itself.
  useEffect(() => {
    if (!error) return;
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [error, reload]);

  // Roving tabindex: the list is one Tab stop — the active row (or the first row on screen when the
  // active one is scrolled away); the arrow keys move it, Enter activates it.
  const [activeIndex, setActiveIndex] = useState(0);
  const focusPending = useRef<number | null>(null);
  const scrollTop = virtualizer.scrollOffset ?? 0;
  const firstOnScreen = items.find((item) => item.start >= scrollTop)?.index ?? items[0]?.index ?? -1;
  const tabStop = items.some((item) => item.index === activeIndex) ? activeIndex : firstOnScreen;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts at the first row.
  useEffect(() => {
    setActiveIndex(0);
  }, [queryIdentity]);
  useLayoutEffect(() => {
    const index = focusPending.current;
    if (index === null) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
    if (element) {
      focusPending.current = null;
      element.focus({ preventScroll: true });
    }
  });

  const mainColumns = layout ? [...layout.primary, ...layout.secondary] : [];
  const trackOf = (c: ScrollingListColumn<Row>) => `minmax(${c.minWidth ?? 120}px, ${c.grow ?? 1}fr)`;
  const fixedTrackOf = (c: ScrollingListColumn<Row>) => `${c.minWidth ?? 48}px`;
  const template = layout
    ? [...layout.leading.map(fixedTrackOf), 'minmax(0, 1fr)', ...layout.trailing.map(fixedTrackOf)].join(' ')
    : columns.map(trackOf).join(' ');
  const minWidth = layout ? 0 : columns.reduce((sum, c) => sum + (c.minWidth ?? 120), 0);
  const colCount = layout
    ? layout.leading.length + 1 + layout.trailing.length + layout.actions.length
    : columns.length;
  /** aria-colindex of the first actions column (after the leading, text and trailing cells). */
  const actionsColIndex = layout ? layout.leading.length + 2 + layout.trailing.length : 0;

  const handleHeaderClick = (column: ScrollingListColumn<Row>) => {
    if (!column.sortKey || !onSortChange) return;
    if (orderBy === column.sortKey) onSortChange(column.sortKey, orderDirection === 'asc' ? 'desc' : 'asc');
    else onSortChange(column.sortKey, 'asc');
  };

  const handleRowKey = (event: KeyboardEvent, row: Row | undefined, index: number) => {
    // Keys typed in a control inside the row (a button, a checkbox) belong to that control.
    if (event.target !== event.currentTarget) return;
    const pageRows = Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1;
    const next = nextRowIndex(event.key, index, total, pageRows);
    if (next !== null) {
      event.preventDefault();
      setActiveIndex(next);
      focusPending.current = next;
      virtualizer.scrollToIndex(next, { align: 'auto' });
      return;
    }
    if (!row || !onRowClick) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick(row, index);
    }
  };

  const empty = answered && total === 0 && !error;

  const renderCell = (
    column: ScrollingListColumn<Row>,
    row: Row | undefined,
    index: number,
    tabbable: boolean,
    skeletonSeed: number,
  ) =>
    row !== undefined ? (
      column.render(row, index, { tabbable })
    ) : (
      <Skeleton variant="text" width={`${50 + ((index * 7 + skeletonSeed * 13) % 40)}%`} />
    );

  const cellSx = (align: ScrollingListColumn<Row>['align']) => ({
    px: compact ? 1 : 2,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontSize: '0.875rem',
    textAlign: align ?? 'left',
  });

  if (error) {
    // A failed load shows only what happened and how to go on (no empty grid, no 'keine Daten').
    return (
      <Box
        sx={[
          { display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        <Alert
          severity="error"
          data-testid="list-error"
          action={
            <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={reload}>
              {t('errors.retry')}
            </Button>
          }
        >
          {t('errors.listLoad')} {errorMessage(error, t)}
        </Alert>
      </Box>
    );
  }

  return (
    <Box
      sx={[
        { display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1, position: 'relative' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        ref={scrollRef}
        role="grid"
        aria-label={label}
        aria-rowcount={answered ? total + 1 : -1}
        aria-colcount={colCount}
        aria-busy={!answered}
        data-total={answered ? total : undefined}
        data-cached-rows={cachedRows}
        sx={{
          position: 'relative',
          flex: 1,
          minHeight: rowHeight * 4,
          overflow: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          contain: 'strict',
        }}
      >
        <Box sx={{ minWidth, position: 'relative' }}>
          <Box
            role="row"
            aria-rowindex={1}
            sx={{
              position: 'sticky',
              top: 0,
              zIndex: 2,
              display: 'grid',
              gridTemplateColumns: template,
              height: headerHeight,
              alignItems: 'center',
              bgcolor: 'grey.100',
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            {layout ? (
              <>
                {layout.leading.map((column, i) => (
                  <Box
                    key={column.id}
                    role="columnheader"
                    aria-colindex={i + 1}
                    aria-label={headerText(column)}
                  />
                ))}
                <Box
                  role="columnheader"
                  aria-colindex={layout.leading.length + 1}
                  sx={{ ...cellSx('left'), fontWeight: 600, color: 'text.secondary', lineHeight: 1.3 }}
                >
                  {layout.primary.map(headerText).join(', ')}
                  {layout.secondary.length > 0 ? (
                    <Box component="span" sx={{ display: 'block', fontWeight: 400, fontSize: '0.75rem' }}>
                      {layout.secondary.map(headerText).join(' · ')}
                    </Box>
                  ) : null}
                </Box>
                {layout.trailing.map((column, i) => (
                  <Box
                    key={column.id}
                    role="columnheader"
                    aria-colindex={layout.leading.length + 2 + i}
                    aria-label={headerText(column)}
                  />
                ))}
                {layout.actions.map((column, i) => (
                  // Named for screen readers; takes no room in the header (the actions line has none).
                  <Box
                    key={column.id}
                    role="columnheader"
                    aria-colindex={actionsColIndex + i}
                    aria-label={headerText(column)}
                    sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden' }}
                  />
                ))}
              </>
            ) : (
              columns.map((column, columnIndex) => {
                const sortable = Boolean(column.sortKey && onSortChange);
                const active = sortable && orderBy === column.sortKey;
                const text = headerText(column);
                return (
                  <Box
                    key={column.id}
                    role="columnheader"
                    aria-colindex={columnIndex + 1}
                    aria-sort={active ? (orderDirection === 'asc' ? 'ascending' : 'descending') : undefined}
                    sx={{ px: 2, minWidth: 0, textAlign: column.align ?? 'left' }}
                  >
                    {sortable ? (
                      <Box
                        component="button"
                        type="button"
                        onClick={() => handleHeaderClick(column)}
                        title={t('list.sortBy', { column: text })}
                        sx={{
                          all: 'unset',
                          cursor: 'pointer',
                          display: 'inline-flex',
                          alignItems: 'center',
                          gap: 0.5,
                          fontWeight: 600,
                          fontSize: '0.875rem',
                          color: active ? 'primary.main' : 'text.secondary',
                          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', borderRadius: 0.5 },
                          '&:hover': { color: 'text.primary' },
                        }}
                      >
                        {column.header}
                        {active ? (
                          orderDirection === 'asc' ? (
                            <ArrowUpwardIcon fontSize="inherit" aria-label={t('list.sortedAsc')} />
                          ) : (
                            <ArrowDownwardIcon fontSize="inherit" aria-label={t('list.sortedDesc')} />
                          )
                        ) : null}
                      </Box>
                    ) : (
                      <Typography
                        component="span"
                        sx={{ fontWeight: 600, fontSize: '0.875rem', color: 'text.secondary' }}
                      >
                        {column.header}
                      </Typography>
                    )}
                  </Box>
                );
              })
            )}
          </Box>
          <Box role="rowgroup" sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = getRow(item.index);
              const selected = row !== undefined && isRowSelected ? isRowSelected(row) : false;
              const disabled = row !== undefined && isRowDisabled ? isRowDisabled(row) : false;
              const clickable = row !== undefined && onRowClick !== undefined;
              const tabbable = item.index === tabStop;
              return (
                <Box
                  key={item.key}
                  role="row"
                  data-row-index={item.index}
                  data-loaded={row !== undefined ? 'true' : 'false'}
                  aria-rowindex={item.index + 2}
                  aria-selected={isRowSelected ? selected : undefined}
                  aria-disabled={disabled || undefined}
                  tabIndex={tabbable ? 0 : -1}
                  onFocus={() => setActiveIndex(item.index)}
                  onClick={clickable ? () => onRowClick(row, item.index) : undefined}
                  onKeyDown={(event) => handleRowKey(event, row, item.index)}
                  sx={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    height: rowHeight,
                    transform: `translateY(${item.start}px)`,
                    display: 'grid',
                    gridTemplateColumns: template,
                    gridTemplateRows: actionsHeight ? `${textHeight}px ${actionsHeight}px` : undefined,
                    alignItems: 'center',
                    borderBottom: 1,
                    borderColor: 'divider',
                    cursor: clickable ? 'pointer' : 'default',
                    color: disabled ? 'text.disabled' : undefined,
                    bgcolor: selected ? 'action.selected' : undefined,
                    '&:hover': clickable
                      ? { bgcolor: selected ? 'action.selected' : 'action.hover' }
                      : undefined,
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                  }}
                >
                  {layout ? (
                    <>
                      {layout.leading.map((column, i) => (
                        <Box
                          key={column.id}
                          role="gridcell"
                          aria-colindex={i + 1}
                          sx={{ ...cellSx(column.align), textOverflow: 'clip' }}
                        >
                          {renderCell(column, row, item.index, tabbable, i)}
                        </Box>
                      ))}
                      <Box
                        role="gridcell"
                        aria-colindex={layout.leading.length + 1}
                        sx={{ ...cellSx('left'), lineHeight: 1.35 }}
                      >
                        <Box
                          data-compact-line="primary"
                          sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis' }}
                        >
                          {row !== undefined
                            ? joinContent(
                                layout.primary.map((c) => c.render(row, item.index, { tabbable })),
                                ', ',
                              )
                            : renderCell(layout.primary[0] ?? columns[0]!, row, item.index, tabbable, 0)}
                        </Box>
                        {mainColumns.length > layout.primary.length ? (
                          <Box
                            data-compact-line="secondary"
                            sx={{
                              fontSize: '0.8rem',
                              color: disabled ? 'text.disabled' : 'text.secondary',
                              overflow: 'hidden',
                              textOverflow: 'ellipsis',
                            }}
                          >
                            {row !== undefined
                              ? joinContent(
                                  layout.secondary.map((c) => c.render(row, item.index, { tabbable })),
                                  ' · ',
                                )
                              : null}
                          </Box>
                        ) : null}
                      </Box>
                      {layout.trailing.map((column, i) => (
                        <Box
                          key={column.id}
                          role="gridcell"
                          aria-colindex={layout.leading.length + 2 + i}
                          sx={{ ...cellSx(column.align), textOverflow: 'clip' }}
                        >
                          {renderCell(column, row, item.index, tabbable, i + 5)}
                        </Box>
                      ))}
                      {layout.actions.map((column, i) => (
                        <Box
                          key={column.id}
                          role="gridcell"
                          aria-colindex={actionsColIndex + i}
                          data-compact-line="actions"
                          sx={{
                            ...cellSx(column.align),
                            gridColumn: '1 / -1',
                            alignSelf: 'start',
                            textOverflow: 'clip',
                          }}
                        >
                          {row !== undefined ? column.render(row, item.index, { tabbable }) : null}
                        </Box>
                      ))}
                    </>
                  ) : (
                    columns.map((column, columnIndex) => (
                      <Box
                        key={column.id}
                        role="gridcell"
                        aria-colindex={columnIndex + 1}
                        sx={cellSx(column.align)}
                      >
                        {renderCell(column, row, item.index, tabbable, columnIndex)}
                      </Box>
                    ))
                  )}
                </Box>
              );
            })}
          </Box>
        </Box>
      </Box>
      {/* Outside the grid: a grid may hold rows only (aria-required-children). */}
      {empty ? (
        <Box
          role="status"
          sx={{
            position: 'absolute',
            inset: `${headerHeight + 1}px 1px 1px 1px`,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            p: 3,
            color: 'text.secondary',
          }}
        >
          <Typography>{emptyText ?? t('common.noData')}</Typography>
        </Box>
      ) : null}
    </Box>
  );
}
