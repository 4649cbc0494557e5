import AssessmentIcon from '@mui/icons-material/Assessment';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import QuizIcon from '@mui/icons-material/Quiz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TopicRow } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { formatInterval } from '@schutzwerk/shared/instructions/interval-format.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import {
  ScrollingList,
  type ScrollingListColumn,
  type SortDirection,
} from '#components/scrolling-list/scrolling-list.tsx';
import { ImportTopicsDialog, useExportTopics } from '#features/topic-content/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { formatNumber } from '#lib/format.ts';
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useIntervalUnit } from './api/get-instruction-display.ts';
import { TOPIC_LIST_SOURCE } from './api/topic-keys.ts';
import { CreateTopicDialog } from './components/create-topic-dialog.tsx';

const ORDER_COLUMNS = ['identifier', 'number', 'label', 'intervalDays', 'released'] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];
const STATUSES = ['all', 'released', 'locked'] as const;
type Status = (typeof STATUSES)[number];
type StoredFilter = { orderBy: OrderColumn; orderDirection: SortDirection; status: Status };
const DEFAULT_FILTER: StoredFilter = { orderBy: 'identifier', orderDirection: 'asc', status: 'all' };

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (ORDER_COLUMNS as readonly unknown[]).includes(v.orderBy) &&
    (v.orderDirection === 'asc' || v.orderDirection === 'desc') &&
    (STATUSES as readonly unknown[]).includes(v.status)
  );
}

/** /instructions/list: the topics (Unterweisungen) of the portal with search, status filter and sort. */
export function TopicsListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [createOpen, setCreateOpen] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const exporter = useExportTopics();
  const canTransfer = canAny([P.TOPICS_IMPORT]);

  useToolbar({
    title: t('instructions.listTitle'),
    search: { value: search, onChange: setSearch },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: canAny([P.TOPICS_CREATE]) ? () => setCreateOpen(true) : undefined,
  });

  const params = useMemo(
    () => (filter.status === 'all' ? undefined : { released: filter.status === 'released' }),
    [filter.status],
  );
  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const intervalUnit = useIntervalUnit();
  const columns = useMemo<ScrollingListColumn<TopicRow>[]>(
    () => [
      {
        id: 'identifier',
        header: t('instructions.identifier'),
        sortKey: 'identifier',
        minWidth: 90,
        grow: 0.5,
        render: (r) => r.identifier,
      },
      {
        id: 'number',
        header: t('instructions.number'),
        sortKey: 'number',
        minWidth: 80,
        grow: 0.4,
        render: (r) => r.number,
      },
      {
        id: 'label',
        header: t('instructions.label'),
        sortKey: 'label',
        minWidth: 220,
        grow: 3,
        render: (r) => (
          <>
            {r.label}
            {r.parentLabel ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {` (${t('instructions.parent')}: ${r.parentLabel})`}
              </Typography>
            ) : null}
          </>
        ),
      },
      {
        id: 'intervalDays',
        header: t('instructions.interval'),
        sortKey: 'intervalDays',
        minWidth: 120,
        grow: 0.8,
        render: (r) => formatInterval(r.intervalDays, intervalUnit),
      },
      {
        id: 'mode',
        header: t('instructions.mode'),
        minWidth: 100,
        grow: 0.6,
        render: (r) => (r.mode === 3 ? t('instructions.modeShort3') : t('instructions.modeShort1')),
      },
      {
        id: 'questionCount',
        header: t('instructions.questionCount'),
        minWidth: 70,
        grow: 0.4,
        render: (r) => formatNumber(r.questionCount),
      },
      {
        id: 'released',
        header: t('instructions.status'),
        sortKey: 'released',
        minWidth: 150,
        grow: 0.8,
        render: (r) => (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <Chip
              size="small"
              color={r.released ? 'success' : 'default'}
              label={r.released ? t('instructions.released') : t('instructions.locked')}
            />
            {r.inactive ? (
              <Chip size="small" variant="outlined" label={t('instructions.inactiveChip')} />
            ) : null}
          </Box>
        ),
      },
    ],
    [t, intervalUnit],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      {exporter.error ? (
        <Alert severity="error" role="alert" onClose={() => exporter.reset()}>
          {errorMessage(exporter.error, t)}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <ListCount count={count} grow />
        <TextField
          select
          size="small"
          label={t('instructions.filterStatus')}
          value={filter.status}
          onChange={(e) => updateFilter({ status: e.target.value as Status })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">{t('instructions.filterAll')}</MenuItem>
          <MenuItem value="released">{t('instructions.released')}</MenuItem>
          <MenuItem value="locked">{t('instructions.locked')}</MenuItem>
        </TextField>
        <Button size="small" startIcon={<QuizIcon />} component={RouterLink} to="/instructions/questions">
          {t('topicContent.questionsButton')}
        </Button>
        {canAny([P.TOPICS_EVALUATE]) && (
          <Button
            size="small"
            startIcon={<AssessmentIcon />}
            component={RouterLink}
            to="/instructions/evaluations"
          >
            {t('instructions.evaluationsButton')}
          </Button>
        )}
        {canTransfer && (
          <>
            <Tooltip describeChild title={t('topicContent.exportHint')}>
              <Button
                size="small"
                startIcon={<FileDownloadIcon />}
                disabled={exporter.isPending}
                onClick={() => exporter.mutate({ search, released: params?.released })}
              >
                {t('topicContent.export')}
              </Button>
            </Tooltip>
            <Tooltip describeChild title={t('topicContent.importHint')}>
              <Button size="small" startIcon={<FileUploadIcon />} onClick={() => setImportOpen(true)}>
                {t('topicContent.importButton')}
              </Button>
            </Tooltip>
          </>
        )}
      </Box>
      <ScrollingList<TopicRow>
        source={TOPIC_LIST_SOURCE}
        params={params}
        label={t('instructions.listTitle')}
        columns={columns}
        search={search}
        orderBy={filter.orderBy}
        orderDirection={filter.orderDirection}
        onSortChange={(orderBy, orderDirection) =>
          updateFilter({ orderBy: orderBy as OrderColumn, orderDirection })
        }
        onRowClick={(row) => navigate(`/instructions/edit/${row.id}`)}
        onTotalChange={onTotalChange}
        reloadKey={reloadKey}
      />
      <ImportTopicsDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={(result) => {
          setImportOpen(false);
          notify(t('topicContent.imported', { created: result.created, updated: result.updated }));
          setReloadKey((k) => k + 1);
        }}
      />
      <CreateTopicDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(topic) => {
          setCreateOpen(false);
          notify(t('instructions.created'));
          void navigate(`/instructions/edit/${topic.id}`);
        }}
      />
    </Box>
  );
}
