import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  DOCUMENT_TYPES,
  type DocumentRow,
  documentTypeLabel,
} from '@schutzwerk/shared/documents/documents.schema.ts';
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
import { formatDate } from '#lib/format.ts';
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { DOCUMENT_LIST_SOURCE } from './api/document-keys.ts';
import { CreateDocumentDialog } from './components/create-document-dialog.tsx';

const ORDER_COLUMNS = ['label', 'type', 'nextCheck', 'docVersion'] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];
type StoredFilter = {
  orderBy: OrderColumn;
  orderDirection: SortDirection;
  type: number | null;
  released: 'all' | 'yes' | 'no';
  dueForCheck: boolean;
  template: boolean;
};
const DEFAULT_FILTER: StoredFilter = {
  orderBy: 'label',
  orderDirection: 'asc',
  type: null,
  released: 'all',
  dueForCheck: false,
  template: false,
};

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (ORDER_COLUMNS as readonly unknown[]).includes(v.orderBy) &&
    (v.orderDirection === 'asc' || v.orderDirection === 'desc') &&
    (v.type === null || typeof v.type === 'number') &&
    (v.released === 'all' || v.released === 'yes' || v.released === 'no') &&
    typeof v.dueForCheck === 'boolean' &&
    typeof v.template === 'boolean'
  );
}

/** Documents management (spec modules.md §2 "Documents management and templates"): list with filters. */
export function DocumentsListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [createOpen, setCreateOpen] = useState(false);
  const [count, setCount] = useState<number | null>(null);

  useToolbar({
    title: t('documents.listTitle'),
    search: { value: search, onChange: setSearch },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: canAny([P.DOCUMENTS_CREATE]) ? () => setCreateOpen(true) : undefined,
  });

  const params = useMemo(
    () => ({
      type: filter.type ?? undefined,
      released: filter.released === 'all' ? undefined : filter.released === 'yes',
      dueForCheck: filter.dueForCheck || undefined,
      template: filter.template || undefined,
    }),
    [filter.type, filter.released, filter.dueForCheck, filter.template],
  );
  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useMemo<ScrollingListColumn<DocumentRow>[]>(
    () => [
      {
        id: 'label',
        header: t('documents.label'),
        sortKey: 'label',
        minWidth: 180,
        grow: 2,
        render: (r) => r.label,
      },
      {
        id: 'type',
        header: t('documents.type'),
        sortKey: 'type',
        minWidth: 150,
        render: (r) => documentTypeLabel(r.type),
      },
      {
        id: 'docVersion',
        header: t('documents.docVersion'),
        sortKey: 'docVersion',
        minWidth: 80,
        grow: 0.5,
        render: (r) => [r.docVersion, r.revision].filter(Boolean).join(' / '),
      },
      {
        id: 'responsible',
        header: t('documents.responsible'),
        minWidth: 140,
        render: (r) => r.responsibleName ?? '',
      },
      {
        id: 'file',
        header: t('documents.file'),
        minWidth: 140,
        render: (r) =>
          r.fileName ?? (r.confidential && r.fileCount > 0 ? t('documents.fileHiddenShort') : ''),
      },
      {
        id: 'nextCheck',
        header: t('documents.nextCheck'),
        sortKey: 'nextCheck',
        minWidth: 100,
        grow: 0.6,
        render: (r) => (r.nextCheck ? formatDate(r.nextCheck) : ''),
      },
      {
        id: 'state',
        header: t('documents.released'),
        minWidth: 120,
        grow: 0.8,
        render: (r) => (
          <Stack direction="row" spacing={0.5}>
            {r.released && <Chip size="small" color="success" label={t('documents.released')} />}
            {r.confidential && <Chip size="small" label={t('documents.confidential')} />}
            {r.isTemplate && <Chip size="small" variant="outlined" label={t('documents.isTemplate')} />}
          </Stack>
        ),
      },
    ],
    [t],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <TextField
          select
          size="small"
          label={t('documents.type')}
          value={filter.type ?? ''}
          onChange={(e) => updateFilter({ type: e.target.value === '' ? null : Number(e.target.value) })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('documents.allTypes')}</MenuItem>
          {DOCUMENT_TYPES.map((dt) => (
            <MenuItem key={dt.id} value={dt.id}>
              {dt.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('documents.filterReleased')}
          value={filter.released}
          onChange={(e) => updateFilter({ released: e.target.value as StoredFilter['released'] })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">{t('documents.filterAll')}</MenuItem>
          <MenuItem value="yes">{t('documents.released')}</MenuItem>
          <MenuItem value="no">{t('documents.notReleased')}</MenuItem>
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={filter.dueForCheck}
              onChange={(e) => updateFilter({ dueForCheck: e.target.checked })}
            />
          }
          label={t('documents.filterDue')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={filter.template}
              onChange={(e) => updateFilter({ template: e.target.checked })}
            />
          }
          label={t('documents.filterTemplates')}
        />
      </Stack>
      <ListCount count={count} />
      <ScrollingList<DocumentRow>
        source={DOCUMENT_LIST_SOURCE}
        params={params}
        label={t('documents.listTitle')}
        columns={columns}
        search={search}
        orderBy={filter.orderBy}
        orderDirection={filter.orderDirection}
        onSortChange={(orderBy, orderDirection) =>
          updateFilter({ orderBy: orderBy as OrderColumn, orderDirection })
        }
        onRowClick={(row) => navigate(`/documents/${row.id}`)}
        onTotalChange={onTotalChange}
      />
      <CreateDocumentDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(doc) => {
          setCreateOpen(false);
          notify(t('documents.created'));
          void navigate(`/documents/${doc.id}`);
        }}
      />
    </Box>
  );
}
