import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ACTION_STATE_FILTERS,
  ACTION_TYPE_LABELS,
  ACTION_TYPES,
  type ActionRow,
  type ActionType,
  GENERAL_SOURCE,
} from '@schutzwerk/shared/actions/actions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import { ScrollingList, type SortDirection } from '#components/scrolling-list/scrolling-list.tsx';
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { ACTION_LIST_SOURCE } from './api/action-sources.ts';
import { useAction } from './api/get-action.ts';
import { useActionColumns } from './components/action-columns.tsx';
import { ActionDialog } from './components/action-dialog.tsx';

type StateFilter = (typeof ACTION_STATE_FILTERS)[number];
type StoredFilter = {
  orderBy: string;
  orderDirection: SortDirection;
  state: StateFilter;
  type: ActionType | '';
};
const DEFAULT_FILTER: StoredFilter = { orderBy: 'dueDate', orderDirection: 'asc', state: 'open', type: '' };

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.orderBy === 'string' &&
    (v.orderDirection === 'asc' || v.orderDirection === 'desc') &&
    (ACTION_STATE_FILTERS as readonly unknown[]).includes(v.state) &&
    (v.type === '' || (ACTION_TYPES as readonly unknown[]).includes(v.type))
  );
}

/** /actions/list: every action the user may read (own, own area, all), filters, stand-alone actions. */
export function ActionsListPage() {
  const { t } = useTranslation();
  const { canAny } = usePermissions();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [count, setCount] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const current = useAction(editing);
  const editingRow = current.data;

  useToolbar({
    title: t('actions.listTitle'),
    search: { value: search, onChange: setSearch },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: canAny([P.ACTIONS_CREATE]) ? () => setCreating(true) : undefined,
  });

  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useActionColumns({ withSource: true });
  const params = useMemo(
    () => ({ state: filter.state, ...(filter.type ? { type: filter.type } : {}) }),
    [filter.state, filter.type],
  );
  const closed = () => {
    setCreating(false);
    setEditing(null);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('actions.filterState')}
          value={filter.state}
          onChange={(e) => updateFilter({ state: e.target.value as StateFilter })}
          sx={{ minWidth: 180 }}
        >
          {ACTION_STATE_FILTERS.map((state) => (
            <MenuItem key={state} value={state}>
              {t(`actions.filter.${state}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('actions.type')}
          value={filter.type}
          onChange={(e) => updateFilter({ type: e.target.value as ActionType | '' })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('actions.allTypes')}</MenuItem>
          {ACTION_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {ACTION_TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
        <ListCount count={count} />
      </Stack>
      <ScrollingList<ActionRow>
        source={ACTION_LIST_SOURCE}
        params={params}
        label={t('actions.listTitle')}
        columns={columns}
        search={search}
        orderBy={filter.orderBy}
        orderDirection={filter.orderDirection}
        onSortChange={(orderBy, orderDirection) => updateFilter({ orderBy, orderDirection })}
        onRowClick={(row) => setEditing(row.id)}
        onTotalChange={onTotalChange}
        reloadKey={reloadKey}
      />
      <ActionDialog
        open={creating || (editing !== null && editingRow !== undefined)}
        onClose={closed}
        onSaved={() => {
          closed();
          setReloadKey((k) => k + 1);
        }}
        sourceType={creating ? GENERAL_SOURCE : (editingRow?.sourceType ?? GENERAL_SOURCE)}
        sourceId={creating ? 0 : (editingRow?.sourceId ?? 0)}
        action={creating ? null : (editingRow ?? null)}
      />
    </Box>
  );
}
