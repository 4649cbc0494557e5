import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { LIST_ROW_HEIGHT } from '@schutzwerk/shared/constants.ts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import type { QueryValue } from '#lib/api-client.ts';
import { usePagedRows } from './use-paged-rows.ts';

export type SortDirection = 'asc' | 'desc';

export type ScrollingListColumn<Row> = {
  id: string;
  header: ReactNode;
  /** Plain-text header for screen readers and tooltips when `header` is not a string. */
  headerLabel?: string;
  /** The `orderBy` value of the source; makes the header clickable. */
  sortKey?: string;
  render: (row: Row, index: number) => ReactNode;
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
  /** The source's filteredCount after each answer; null while the first answer is pending. */
  onTotalChange?: ((filteredCount: number | null) => void) | undefined;
  /** Change it to reload the list (e.g. after a mutation). */
  reloadKey?: unknown;
  rowHeight?: number;
  emptyText?: string;
  /** False keeps the list idle (e.g. a closed dialog). */
  enabled?: boolean;
  sx?: SxProps<Theme>;
};

const OVERSCAN = 8;

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
    onTotalChange,
    reloadKey,
    rowHeight = LIST_ROW_HEIGHT,
    emptyText,
    enabled = true,
    sx,
  } = props;
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const headerHeight = rowHeight;

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
    count: enabled ? total : 0,
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
    onTotalChange?.(answered ? total : null);
  }, [answered, total, onTotalChange]);

  const template = columns.map((c) => `minmax(${c.minWidth ?? 120}px, ${c.grow ?? 1}fr)`).join(' ');
  const minWidth = columns.reduce((sum, c) => sum + (c.minWidth ?? 120), 0);

  const handleHeaderClick = (column: ScrollingListColumn<Row>) => {
    if (!column.sortKey || !onSortChange) return;
    if (orderBy === column.sortKey) onSortChange(column.sortKey, orderDirection === 'asc' ? 'desc' : 'asc');
    else onSortChange(column.sortKey, 'asc');
  };

  const handleRowKey = (event: KeyboardEvent, row: Row | undefined, index: number) => {
    if (!row || !onRowClick) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick(row, index);
    }
  };

  const empty = answered && total === 0;

  return (
    <Box
      sx={[
        { display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {error ? (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {t('common.reload')}
            </Button>
          }
        >
          {t('errors.listLoad')} {errorMessage(error, t)}
        </Alert>
      ) : null}
      <Box
        ref={scrollRef}
        role="grid"
        aria-label={label}
        aria-rowcount={answered ? total + 1 : -1}
        aria-colcount={columns.length}
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
            {columns.map((column, columnIndex) => {
              const sortable = Boolean(column.sortKey && onSortChange);
              const active = sortable && orderBy === column.sortKey;
              const text =
                column.headerLabel ?? (typeof column.header === 'string' ? column.header : column.id);
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
            })}
          </Box>
          <Box role="rowgroup" sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = getRow(item.index);
              const selected = row !== undefined && isRowSelected ? isRowSelected(row) : false;
              const clickable = row !== undefined && onRowClick !== undefined;
              return (
                <Box
                  key={item.key}
                  role="row"
                  data-row-index={item.index}
                  data-loaded={row !== undefined ? 'true' : 'false'}
                  aria-rowindex={item.index + 2}
                  aria-selected={isRowSelected ? selected : undefined}
                  tabIndex={clickable ? 0 : undefined}
                  onClick={clickable ? () => onRowClick(row, item.index) : undefined}
                  onKeyDown={clickable ? (event) => handleRowKey(event, row, item.index) : undefined}
                  sx={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    height: rowHeight,
                    transform: `translateY(${item.start}px)`,
                    display: 'grid',
                    gridTemplateColumns: template,
                    alignItems: 'center',
                    borderBottom: 1,
                    borderColor: 'divider',
                    cursor: clickable ? 'pointer' : 'default',
                    bgcolor: selected ? 'action.selected' : undefined,
                    '&:hover': clickable
                      ? { bgcolor: selected ? 'action.selected' : 'action.hover' }
                      : undefined,
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                  }}
                >
                  {columns.map((column, columnIndex) => (
                    <Box
                      key={column.id}
                      role="gridcell"
                      aria-colindex={columnIndex + 1}
                      sx={{
                        px: 2,
                        minWidth: 0,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                        fontSize: '0.875rem',
                        textAlign: column.align ?? 'left',
                      }}
                    >
                      {row !== undefined ? (
                        column.render(row, item.index)
                      ) : (
                        <Skeleton
                          variant="text"
                          width={`${50 + ((item.index * 7 + columnIndex * 13) % 40)}%`}
                        />
                      )}
                    </Box>
                  ))}
                </Box>
              );
            })}
          </Box>
        </Box>
        {empty ? (
          <Box
            role="status"
            sx={{
              position: 'absolute',
              inset: `${headerHeight}px 0 0 0`,
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
    </Box>
  );
}
