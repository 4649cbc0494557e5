import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ASSIGNMENT_STATUS_LABELS } from '@schutzwerk/shared/instructions/assignments.schema.ts';
import { formatInterval } from '@schutzwerk/shared/instructions/interval-format.ts';
import type { MatrixCell, MatrixRow, MatrixTopic } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import {
  DepartmentPickerField,
  LocationPickerField,
  type TreeChoice,
} from '#components/picker-field/tree-picker-field.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDate, formatNumber } from '#lib/format.ts';
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useIntervalUnit } from '../api/get-instruction-display.ts';
import { useAssignMatrix } from './api/matrix-assign.ts';
import { useMatrixPage } from './api/matrix-page.ts';
import { useMatrixTopics } from './api/matrix-topics.ts';

const PAGE = 100;
/** What a cell shows: its status, overdue, the exception list, or nothing assigned. */
type CellKind = 'O' | 'A' | 'P' | 'T' | 'E' | 'overdue' | 'X' | 'none';
/** Background (light, with black text for contrast) and the letter: the status never shows by colour alone. */
const CELL_STYLE: Record<CellKind, { bg: string; code: string }> = {
  O: { bg: '#bbdefb', code: 'O' },
  A: { bg: '#ffe0b2', code: 'A' },
  P: { bg: '#e1bee7', code: 'P' },
  T: { bg: '#b2dfdb', code: 'T' },
  E: { bg: '#c8e6c9', code: 'E' },
  overdue: { bg: '#ffcdd2', code: '!' },
  X: { bg: '#e0e0e0', code: 'X' },
  none: { bg: 'transparent', code: '–' },
};
const LEGEND: CellKind[] = ['none', 'O', 'A', 'P', 'T', 'E', 'overdue', 'X'];

const kindOf = (cell: MatrixCell | undefined): CellKind =>
  !cell ? 'none' : cell.overdue ? 'overdue' : (cell.status as CellKind);
const cellKey = (employeeId: number, topicId: number) => `${employeeId}:${topicId}`;

/** `subUnits` absent (a filter stored before it existed) counts as on. */
type StoredFilter = { department: TreeChoice | null; location: TreeChoice | null; subUnits?: boolean };
const DEFAULT_FILTER: StoredFilter = { department: null, location: null, subUnits: true };
const isChoice = (v: unknown) =>
  v === null || (typeof v === 'object' && typeof (v as { id?: unknown }).id === 'number');
const isStoredFilter = (value: unknown): value is StoredFilter =>
  typeof value === 'object' &&
  value !== null &&
  isChoice((value as StoredFilter).department) &&
  isChoice((value as StoredFilter).location) &&
  ['boolean', 'undefined'].includes(typeof (value as StoredFilter).subUnits);

/**
 * /instructions/matrix — employees (100 a page, list protocol) × the portal's active topics, with the status of
 * each item in colour and letter (legend), filters by department and location, and assigning the selected
 * cells, rows or columns at once (decision 040).
 */
export function MatrixPage() {
  const { t } = useTranslation();
  const intervalUnit = useIntervalUnit();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const canAssign = canAny([P.TOPICS_PROFILES]);
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dueDate, setDueDate] = useState('');
  const topics = useMatrixTopics();
  const page = useMatrixPage({
    search,
    offset,
    departmentId: filter.department?.id,
    locationId: filter.location?.id,
    subUnits: filter.subUnits !== false,
  });
  const assign = useAssignMatrix();
  useToolbar({
    title: t('instructionProfiles.matrixTitle'),
    search: {
      value: search,
      onChange: (value) => {
        setOffset(0);
        setSearch(value);
      },
    },
  });

  const rows = page.data?.rows ?? [];
  const total = page.data?.filteredCount ?? 0;
  const columns = topics.data ?? [];
  const cellsOf = useMemo(
    () => new Map(rows.map((r) => [r.employeeId, new Map(r.cells.map((c) => [c.topicId, c]))])),
    [rows],
  );
  const toggle = (keys: string[]) =>
    setSelected((current) => {
      const next = new Set(current);
      const all = keys.every((k) => next.has(k));
      for (const k of keys) {
        if (all) next.delete(k);
        else next.add(k);
      }
      return next;
    });
  const rowKeys = (row: MatrixRow) => columns.map((c) => cellKey(row.employeeId, c.id));
  const columnKeys = (topic: MatrixTopic) => rows.map((r) => cellKey(r.employeeId, topic.id));
  const submit = () => {
    const pairs = [...selected].map((k) => {
      const [employeeId, topicId] = k.split(':').map(Number);
      return { employeeId: employeeId!, topicId: topicId! };
    });
    assign.mutate(
      { pairs, dueDate: dueDate || null },
      {
        onSuccess: (result) => {
          setSelected(new Set());
          notify(t('instructionProfiles.matrixAssigned', result));
        },
      },
    );
  };
  const statusLabel = (kind: CellKind) =>
    kind === 'none'
      ? t('instructionProfiles.cellNone')
      : kind === 'overdue'
        ? t('instructionProfiles.cellOverdue')
        : kind === 'X'
          ? t('instructionProfiles.cellException')
          : ASSIGNMENT_STATUS_LABELS[kind];

  return (
    <Stack spacing={1.5} sx={{ flex: 1, minHeight: 0 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <DepartmentPickerField
          value={filter.department}
          onChange={(department) => {
            setOffset(0);
            updateFilter({ department });
          }}
        />
        <LocationPickerField
          value={filter.location}
          onChange={(location) => {
            setOffset(0);
            updateFilter({ location });
          }}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={filter.subUnits !== false}
              onChange={(e) => {
                setOffset(0);
                updateFilter({ subUnits: e.target.checked });
              }}
            />
          }
          label={t('instructionProfiles.matrixSubUnits')}
        />
      </Stack>
      <Box
        component="ul"
        aria-label={t('instructionProfiles.legend')}
        data-testid="matrix-legend"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, listStyle: 'none', p: 0, m: 0 }}
      >
        {LEGEND.map((kind) => (
          <Box component="li" key={kind} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <CellBadge kind={kind} />
            <Typography variant="body2">{statusLabel(kind)}</Typography>
          </Box>
        ))}
      </Box>
      {canAssign ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography sx={{ flex: 1 }} data-testid="matrix-selected">
            {t('instructionProfiles.matrixSelected', {
              count: selected.size,
              n: formatNumber(selected.size),
            })}
          </Typography>
          <TextField
            size="small"
            type="date"
            label={t('instructionProfiles.dueDate')}
            value={dueDate}
            onChange={(e) => setDueDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button variant="outlined" disabled={selected.size === 0} onClick={() => setSelected(new Set())}>
            {t('instructionProfiles.clearSelection')}
          </Button>
          <Button variant="contained" disabled={selected.size === 0 || assign.isPending} onClick={submit}>
            {t('instructionProfiles.assignSelected')}
          </Button>
        </Stack>
      ) : null}
      {assign.error ? <Alert severity="error">{errorMessage(assign.error, t)}</Alert> : null}
      {page.error ? <Alert severity="error">{errorMessage(page.error, t)}</Alert> : null}
      <Paper variant="outlined" sx={{ overflow: 'auto', flex: 1, minHeight: 240 }}>
        <Box
          component="table"
          aria-label={t('instructionProfiles.matrixTitle')}
          aria-busy={page.isFetching}
          sx={{
            borderCollapse: 'collapse',
            '& th, & td': { border: 1, borderColor: 'divider', p: 0.25, textAlign: 'center' },
            '& thead th': { position: 'sticky', top: 0, bgcolor: 'background.paper', zIndex: 1 },
          }}
        >
          <thead>
            <tr>
              <th scope="col">{t('instructionProfiles.employee')}</th>
              {columns.map((topic) => (
                <th scope="col" key={topic.id}>
                  <Button
                    size="small"
                    title={t('instructionProfiles.columnTitle', {
                      label: topic.label,
                      interval: formatInterval(topic.intervalDays, intervalUnit),
                    })}
                    aria-label={t('instructionProfiles.selectColumn', {
                      name: `${topic.identifier} ${topic.label}`,
                    })}
                    disabled={!canAssign || rows.length === 0}
                    onClick={() => toggle(columnKeys(topic))}
                    sx={{ minWidth: 0, textTransform: 'none', whiteSpace: 'nowrap' }}
                  >
                    {topic.identifier}
                  </Button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && !page.isLoading ? (
              <tr>
                <td colSpan={columns.length + 1}>{t('instructionProfiles.matrixEmpty')}</td>
              </tr>
            ) : null}
            {rows.map((row) => {
              const cells = cellsOf.get(row.employeeId);
              const keys = rowKeys(row);
              return (
                <tr key={row.employeeId} data-testid={`matrix-row-${row.employeeId}`}>
                  <Box
                    component="th"
                    scope="row"
                    sx={{ textAlign: 'left !important', whiteSpace: 'nowrap', px: 1 }}
                  >
                    {canAssign ? (
                      <Checkbox
                        size="small"
                        checked={keys.length > 0 && keys.every((k) => selected.has(k))}
                        onChange={() => toggle(keys)}
                        slotProps={{
                          input: { 'aria-label': t('instructionProfiles.selectRow', { name: row.name }) },
                        }}
                      />
                    ) : null}
                    {row.name} ({row.personnelNumber})
                  </Box>
                  {columns.map((topic) => {
                    const cell = cells?.get(topic.id);
                    const kind = kindOf(cell);
                    const key = cellKey(row.employeeId, topic.id);
                    const isSelected = selected.has(key);
                    const label = `${row.name}, ${topic.identifier}: ${statusLabel(kind)}${cell?.dueDate ? `, ${t('instructionProfiles.due')} ${formatDate(cell.dueDate)}` : ''}`;
                    return (
                      <td key={topic.id}>
                        <Box
                          component="button"
                          type="button"
                          data-testid={`cell-${row.employeeId}-${topic.id}`}
                          data-status={kind}
                          aria-label={label}
                          aria-pressed={canAssign ? isSelected : undefined}
                          title={label}
                          disabled={!canAssign}
                          onClick={() => toggle([key])}
                          sx={{
                            width: 36,
                            height: 28,
                            border: 2,
                            borderColor: isSelected ? 'primary.main' : 'transparent',
                            borderRadius: 0.5,
                            bgcolor: CELL_STYLE[kind].bg,
                            color: '#000',
                            font: 'inherit',
                            fontWeight: 600,
                            cursor: canAssign ? 'pointer' : 'default',
                            '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
                          }}
                        >
                          {CELL_STYLE[kind].code}
                        </Box>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </Box>
      </Paper>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
        <Typography data-testid="matrix-range">
          {total === 0
            ? t('instructionProfiles.matrixNone')
            : t('instructionProfiles.matrixRange', {
                from: formatNumber(offset + 1),
                to: formatNumber(Math.min(offset + PAGE, total)),
                total: formatNumber(total),
              })}
        </Typography>
        <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
          {t('instructionProfiles.previous')}
        </Button>
        <Button disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
          {t('instructionProfiles.next')}
        </Button>
      </Stack>
    </Stack>
  );
}

function CellBadge({ kind }: { kind: CellKind }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 28,
        height: 22,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: CELL_STYLE[kind].bg,
        color: '#000',
        fontWeight: 600,
        border: 1,
        borderColor: 'divider',
        borderRadius: 0.5,
      }}
    >
      {CELL_STYLE[kind].code}
    </Box>
  );
}
