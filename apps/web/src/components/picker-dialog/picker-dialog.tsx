import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DIALOG_MAX_WIDTH } from '@schutzwerk/shared/constants.ts';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ScrollingList,
  type ScrollingListColumn,
  type SortDirection,
} from '#components/scrolling-list/scrolling-list.tsx';
import type { QueryValue } from '#lib/api-client.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { assertPickerProps } from './validate-picker-props.ts';

export type RowId = string | number;

export type PickerDialogProps<Row> = {
  open: boolean;
  onClose: () => void;
  /** Single mode: the chosen row. Multiple mode: the chosen rows ('Übernehmen'). */
  onSelect: (rows: Row[]) => void;
  /** List source below /api/ (list protocol). */
  source: string;
  params?: Record<string, QueryValue> | undefined;
  method?: 'GET' | 'POST';
  columns: readonly ScrollingListColumn<Row>[];
  getRowId: (row: Row) => RowId;
  multiple?: boolean;
  /** Multiple mode: 'Übernehmen' is enabled with nothing selected. */
  allowEmpty?: boolean;
  /** The current value: empty, an id, a row object, or (multiple) an array of ids/rows; marks rows as chosen. */
  value?: unknown;
  /** Defaults to 'Bitte Eintrag auswählen'. */
  title?: string;
  searchLabel?: string;
  applyLabel?: string;
  closeLabel?: string;
  emptyText?: string;
  orderBy?: string;
  orderDirection?: SortDirection;
  /** Extra filter controls shown above the list. */
  filters?: ReactNode;
  /** Shown above the list once filteredCount exceeds `hintThreshold` (e.g. 'Bitte grenzen Sie die Suche ein …'). */
  hint?: ((filteredCount: number) => ReactNode) | undefined;
  hintThreshold?: number;
  /**
   * Rows that cannot be chosen, with the reason shown when the user tries (e.g. the record being edited:
   * 'Diese Rolle ist bereits geöffnet.'). The row is greyed out; choosing it keeps the dialog open.
   */
  unavailableReason?: ((row: Row) => string | null | undefined) | undefined;
};

/**
 * The list picker 'Bitte Eintrag auswählen' (spec shell §2.4, §5.1). The body exists only while the
 * dialog is shown, so search, selection and list reset when hidden and load afresh when shown.
 */
export function PickerDialog<Row>(props: PickerDialogProps<Row>) {
  assertPickerProps(props, import.meta.env.DEV);
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      // Phones: full-screen (theme default); larger screens: a fixed height, so the list does not jump.
      slotProps={{
        paper: { sx: { maxWidth: DIALOG_MAX_WIDTH, height: { sm: 'min(720px, calc(100% - 64px))' } } },
      }}
    >
      <DialogTitle id={titleId}>{props.title ?? t('picker.title')}</DialogTitle>
      {/* Modal unmounts its children once closed: the body starts afresh on every opening. */}
      <PickerBody {...props} />
    </Dialog>
  );
}

function idsOf<Row>(value: unknown, getRowId: (row: Row) => RowId): Set<RowId> {
  const ids = new Set<RowId>();
  const add = (item: unknown) => {
    if (typeof item === 'string' || typeof item === 'number') ids.add(item);
    else if (item && typeof item === 'object') ids.add(getRowId(item as Row));
  };
  if (Array.isArray(value)) value.forEach(add);
  else if (value !== '' && value !== null && value !== undefined) add(value);
  return ids;
}

function PickerBody<Row>(props: PickerDialogProps<Row>) {
  const {
    onClose,
    onSelect,
    source,
    params,
    method,
    columns,
    getRowId,
    multiple = false,
    allowEmpty = false,
    value,
    searchLabel,
    applyLabel,
    closeLabel,
    emptyText,
    orderBy,
    orderDirection,
    filters,
    hint,
    hintThreshold,
    unavailableReason,
  } = props;
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [selected, setSelected] = useState<Map<RowId, Row>>(() => new Map());
  const [filteredCount, setFilteredCount] = useState<number | null>(null);
  const currentIds = useMemo(() => idsOf<Row>(value, getRowId), [value, getRowId]);

  const toggle = useCallback(
    (row: Row) => {
      setSelected((current) => {
        const next = new Map(current);
        const id = getRowId(row);
        if (next.has(id)) next.delete(id);
        else next.set(id, row);
        return next;
      });
    },
    [getRowId],
  );

  const listColumns = useMemo<ScrollingListColumn<Row>[]>(() => {
    if (!multiple) return [...columns];
    const checkboxColumn: ScrollingListColumn<Row> = {
      id: '__select',
      header: '',
      headerLabel: t('picker.select'),
      minWidth: 68,
      grow: 0,
      compact: 'leading',
      render: (row) => (
        <Checkbox
          size="small"
          checked={selected.has(getRowId(row))}
          tabIndex={-1}
          onClick={(event) => event.stopPropagation()}
          onChange={() => toggle(row)}
          slotProps={{ input: { 'aria-label': t('picker.select') } }}
          sx={{ p: 0.5 }}
        />
      ),
    };
    return [checkboxColumn, ...columns];
  }, [multiple, columns, selected, getRowId, toggle, t]);

  const handleRowClick = (row: Row) => {
    const reason = unavailableReason?.(row);
    if (reason) {
      setRefusal(reason);
      return;
    }
    setRefusal(null);
    if (multiple) toggle(row);
    else {
      onSelect([row]);
      onClose();
    }
  };

  const isRowSelected = (row: Row) => {
    const id = getRowId(row);
    return multiple ? selected.has(id) : currentIds.has(id);
  };

  const showHint = hint !== undefined && filteredCount !== null && filteredCount > (hintThreshold ?? 0);
  const applyDisabled = selected.size === 0 && !allowEmpty;

  return (
    <>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 0 }}>
        <TextField
          label={searchLabel ?? t('picker.search')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          autoFocus
          type="search"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {filters}
        {refusal ? (
          <Alert severity="info" role="status" data-testid="picker-refusal">
            {refusal}
          </Alert>
        ) : null}
        {showHint ? (
          <Alert severity="info" data-testid="picker-hint" sx={{ py: 0 }}>
            {hint(filteredCount)}
          </Alert>
        ) : null}
        <ScrollingList<Row>
          source={source}
          params={params}
          method={method}
          columns={listColumns}
          label={props.title ?? t('picker.title')}
          search={search}
          orderBy={orderBy}
          orderDirection={orderDirection}
          onRowClick={handleRowClick}
          isRowSelected={isRowSelected}
          isRowDisabled={unavailableReason ? (row) => Boolean(unavailableReason(row)) : undefined}
          onTotalChange={setFilteredCount}
          emptyText={emptyText}
          sx={{ minHeight: 240 }}
        />
      </DialogContent>
      <DialogActions sx={{ px: { xs: 2, sm: 3 }, py: 1.5 }}>
        {multiple ? (
          <Typography
            data-testid="picker-selected-count"
            variant="body2"
            color="text.secondary"
            sx={{ mr: 'auto', whiteSpace: 'nowrap' }}
          >
            {t('picker.selected', { count: selected.size })}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button onClick={onClose}>{closeLabel ?? t('picker.close')}</Button>
          {multiple ? (
            <Button
              variant="contained"
              disabled={applyDisabled}
              onClick={() => {
                onSelect([...selected.values()]);
                onClose();
              }}
            >
              {applyLabel ?? t('picker.apply')}
            </Button>
          ) : null}
        </Box>
      </DialogActions>
    </>
  );
}
