import BarChartIcon from '@mui/icons-material/BarChart';
import CategoryIcon from '@mui/icons-material/Category';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AccidentRow } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { ACCIDENT_STATUSES, catalogueLabel, EVENT_TYPES } from '@schutzwerk/shared/accidents/catalogues.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import {
  ScrollingList,
  type ScrollingListColumn,
  type SortDirection,
} from '#components/scrolling-list/scrolling-list.tsx';
import { formatDateTime } from '#lib/format.ts';
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { ACCIDENT_LIST_SOURCE } from './api/accident-keys.ts';
import { useInjuryCategoryLabel } from './api/injury-categories.ts';

const ORDER_COLUMNS = [
  'accidentAt',
  'personName',
  'locationName',
  'status',
  'eventType',
  'injuryCategory',
] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];
type StoredFilter = {
  orderBy: OrderColumn;
  orderDirection: SortDirection;
  status: string;
  eventType: string;
};
const DEFAULT_FILTER: StoredFilter = {
  orderBy: 'accidentAt',
  orderDirection: 'desc',
  status: 'open',
  eventType: 'all',
};

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (ORDER_COLUMNS as readonly unknown[]).includes(v.orderBy) &&
    (v.orderDirection === 'asc' || v.orderDirection === 'desc') &&
    typeof v.status === 'string' &&
    typeof v.eventType === 'string'
  );
}

/** /accidents/list: the accident reports on the list protocol (injury category only with the health right). */
export function AccidentsListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canAny } = usePermissions();
  const health = canAny([P.ACCIDENT_REPORTS_HEALTH_DATA]);
  const categoryLabel = useInjuryCategoryLabel();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [count, setCount] = useState<number | null>(null);

  useToolbar({
    title: t('accidents.listTitle'),
    search: { value: search, onChange: setSearch },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: canAny([P.ACCIDENT_REPORTS_CREATE]) ? () => void navigate('/accidents/new') : undefined,
  });

  const params = useMemo(() => {
    const p: Record<string, string | number | boolean> = {};
    if (filter.status === 'all') p.inactive = true;
    else if (filter.status !== 'open') p.status = Number(filter.status);
    if (filter.eventType !== 'all') p.eventType = Number(filter.eventType);
    return p;
  }, [filter.status, filter.eventType]);
  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useMemo<ScrollingListColumn<AccidentRow>[]>(() => {
    const cols: ScrollingListColumn<AccidentRow>[] = [
      {
        id: 'accidentAt',
        header: t('accidents.accidentAt'),
        sortKey: 'accidentAt',
        minWidth: 140,
        grow: 0.8,
        render: (r) => formatDateTime(r.accidentAt),
      },
      {
        id: 'personName',
        header: t('accidents.person'),
        sortKey: 'personName',
        minWidth: 180,
        grow: 2,
        compact: 'primary',
        render: (r) => r.personName,
      },
      {
        id: 'eventType',
        header: t('accidents.eventType'),
        sortKey: 'eventType',
        minWidth: 140,
        grow: 1,
        render: (r) => catalogueLabel('eventType', r.eventType),
      },
      {
        id: 'locationName',
        header: t('accidents.location'),
        sortKey: 'locationName',
        minWidth: 140,
        grow: 1.2,
        compact: 'secondary',
        render: (r) => r.locationName ?? '',
      },
    ];
    if (health)
      cols.push({
        id: 'injuryCategory',
        header: t('accidents.injuryCategory'),
        sortKey: 'injuryCategory',
        minWidth: 160,
        grow: 1.2,
        render: (r) => categoryLabel(r.injuryCategory),
      });
    cols.push({
      id: 'status',
      header: t('accidents.status'),
      sortKey: 'status',
      minWidth: 150,
      grow: 1,
      compact: 'trailing',
      render: (r) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          <Chip size="small" label={catalogueLabel('status', r.status)} />
          {r.reportable ? (
            <Chip size="small" variant="outlined" label={t('accidents.reportableShort')} />
          ) : null}
        </Box>
      ),
    });
    return cols;
  }, [t, health, categoryLabel]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <ListCount count={count} grow />
        <TextField
          select
          size="small"
          label={t('accidents.filterStatus')}
          value={filter.status}
          onChange={(e) => updateFilter({ status: e.target.value })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="open">{t('accidents.filterActive')}</MenuItem>
          <MenuItem value="all">{t('accidents.filterAll')}</MenuItem>
          {ACCIDENT_STATUSES.map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('accidents.eventType')}
          value={filter.eventType}
          onChange={(e) => updateFilter({ eventType: e.target.value })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="all">{t('accidents.filterAll')}</MenuItem>
          {EVENT_TYPES.map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        {canAny([P.ACCIDENT_REPORTS_STATISTICS]) && (
          <Button component={RouterLink} to="/accidents/statistics" startIcon={<BarChartIcon />}>
            {t('accidents.statistics.open')}
          </Button>
        )}
        {canAny([P.INJURY_CATEGORIES]) && (
          <Button component={RouterLink} to="/accidents/injury-categories" startIcon={<CategoryIcon />}>
            {t('accidents.injuryCategoriesLink')}
          </Button>
        )}
      </Box>
      <ScrollingList<AccidentRow>
        source={ACCIDENT_LIST_SOURCE}
        params={params}
        label={t('accidents.listTitle')}
        columns={columns}
        search={search}
        orderBy={filter.orderBy}
        orderDirection={filter.orderDirection}
        onSortChange={(orderBy, orderDirection) =>
          updateFilter({ orderBy: orderBy as OrderColumn, orderDirection })
        }
        onRowClick={(row) => navigate(`/accidents/${row.id}`)}
        onTotalChange={onTotalChange}
      />
    </Box>
  );
}
