import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  HAZARD_ANALYSIS_STATUS_FILTERS,
  type HazardAnalysisRow,
  type HazardAnalysisStatusFilter,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import {
  ScrollingList,
  type ScrollingListColumn,
  type SortDirection,
} from '#components/scrolling-list/scrolling-list.tsx';
import { useHazardAnalysisListPrint } from '#features/hazard-analysis-print/index.ts';
import { formatDate } from '#lib/format.ts';
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import {
  HAZARD_ANALYSIS_DRAFT_LIST_SOURCE,
  HAZARD_ANALYSIS_LIST_SOURCE,
} from './api/hazard-analysis-sources.ts';
import { CreateHazardAnalysisDialog } from './components/create-hazard-analysis-dialog.tsx';

const ORDER_COLUMNS = ['bezeichnung', 'location', 'releaseDate', 'nextCheckDate', 'versionNumber'] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];
type StoredFilter = {
  orderBy: OrderColumn;
  orderDirection: SortDirection;
  status: HazardAnalysisStatusFilter;
};
const DEFAULT_FILTER: StoredFilter = { orderBy: 'bezeichnung', orderDirection: 'asc', status: 'active' };

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (ORDER_COLUMNS as readonly unknown[]).includes(v.orderBy) &&
    (v.orderDirection === 'asc' || v.orderDirection === 'desc') &&
    (HAZARD_ANALYSIS_STATUS_FILTERS as readonly unknown[]).includes(v.status)
  );
}

const STATUS_LABEL: Record<HazardAnalysisStatusFilter, string> = {
  all: 'hazardAnalysis.statusAll',
  active: 'hazardAnalysis.statusActive',
  inactive: 'hazardAnalysis.statusInactive',
  released: 'hazardAnalysis.statusReleased',
};

/**
 * /hazardanalysis/list (assessments) and /hazardanalysis/draft (templates, 'Vorlagen (GBM)'): search, status
 * filter, sort. Readers of released assessments only open the latest released version (reference view).
 */
export function HazardAnalysisListPage({ templates = false }: { templates?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [createOpen, setCreateOpen] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const readsWorking = canAny([P.HAZARDANALYSIS_READONLY]);
  const canCreate = canAny([templates ? P.HAZARDANALYSIS_DRAFTS : P.HAZARDANALYSIS_ADD]);
  const title = t(templates ? 'hazardAnalysis.draftTitle' : 'hazardAnalysis.listTitle');

  // The list print (spec shell §2.2, §5.2; decision 022): a status other than the default view's counts
  // as a prior filter ('alle' and 'aktive' show everything a user normally sees).
  const listPrint = useHazardAnalysisListPrint({
    search,
    filtered: filter.status === 'inactive' || filter.status === 'released',
    orderBy: filter.orderBy,
    orderDirection: filter.orderDirection,
    filter: { status: filter.status },
  });
  const canPrint = !templates && canAny([P.HAZARDANALYSIS_PRINT]);

  useToolbar({
    title,
    search: { value: search, onChange: setSearch },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: canCreate ? () => setCreateOpen(true) : undefined,
    onPrint: canPrint ? listPrint.start : undefined,
  });

  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useMemo<ScrollingListColumn<HazardAnalysisRow>[]>(() => {
    const list: ScrollingListColumn<HazardAnalysisRow>[] = [
      {
        id: 'bezeichnung',
        header: t('hazardAnalysis.bezeichnung'),
        sortKey: 'bezeichnung',
        minWidth: 220,
        grow: 3,
        render: (r) => r.bezeichnung,
      },
    ];
    if (!templates) {
      list.push(
        {
          id: 'location',
          header: t('hazardAnalysis.location'),
          sortKey: 'location',
          minWidth: 160,
          grow: 1.5,
          render: (r) => r.locationName ?? '',
        },
        {
          id: 'versionNumber',
          header: t('hazardAnalysis.versionNumber'),
          sortKey: 'versionNumber',
          minWidth: 80,
          grow: 0.5,
          render: (r) => r.versionNumber,
        },
        {
          id: 'state',
          header: t('hazardAnalysis.status'),
          minWidth: 150,
          grow: 1,
          render: (r) => (
            <Stack direction="row" spacing={0.5}>
              {!r.active && <Chip size="small" label={t('hazardAnalysis.inactive')} />}
              <Chip
                size="small"
                color={r.released ? 'success' : 'default'}
                variant={r.released ? 'filled' : 'outlined'}
                label={t(r.released ? 'hazardAnalysis.released' : 'hazardAnalysis.inWork')}
              />
            </Stack>
          ),
        },
        {
          id: 'nextCheckDate',
          header: t('hazardAnalysis.nextCheckDate'),
          sortKey: 'nextCheckDate',
          minWidth: 110,
          grow: 0.7,
          render: (r) => (r.nextCheckDate ? formatDate(r.nextCheckDate) : ''),
        },
      );
    }
    list.push({
      id: 'hazardCount',
      header: t('hazardAnalysis.hazardCount'),
      minWidth: 100,
      grow: 0.5,
      render: (r) => r.hazardCount,
    });
    return list;
  }, [t, templates]);

  const open = (row: HazardAnalysisRow) => {
    if (readsWorking) void navigate(`/hazardanalysis/${row.id}`);
    else if (row.latestVersionId) void navigate(`/hazardanalysis/ref/${row.latestVersionId}`);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('hazardAnalysis.status')}
          value={filter.status}
          onChange={(e) => updateFilter({ status: e.target.value as HazardAnalysisStatusFilter })}
          sx={{ minWidth: 180 }}
          data-testid="status-filter"
        >
          {HAZARD_ANALYSIS_STATUS_FILTERS.filter((s) => !templates || s !== 'released').map((s) => (
            <MenuItem key={s} value={s}>
              {t(STATUS_LABEL[s])}
            </MenuItem>
          ))}
        </TextField>
        <ListCount count={count} />
      </Stack>
      <ScrollingList<HazardAnalysisRow>
        source={templates ? HAZARD_ANALYSIS_DRAFT_LIST_SOURCE : HAZARD_ANALYSIS_LIST_SOURCE}
        label={title}
        columns={columns}
        search={search}
        orderBy={filter.orderBy}
        orderDirection={filter.orderDirection}
        params={{ status: filter.status }}
        onSortChange={(orderBy, orderDirection) =>
          updateFilter({ orderBy: orderBy as OrderColumn, orderDirection })
        }
        onRowClick={open}
        onTotalChange={onTotalChange}
      />
      {listPrint.dialog}
      <CreateHazardAnalysisDialog
        open={createOpen}
        templates={templates}
        onClose={() => setCreateOpen(false)}
        onCreated={(a) => {
          setCreateOpen(false);
          notify(t('hazardAnalysis.created'));
          void navigate(`/hazardanalysis/${a.id}`);
        }}
      />
    </Box>
  );
}

export function HazardAnalysisDraftListPage() {
  return <HazardAnalysisListPage templates />;
}
