import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { HazardBrickRow } from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import {
  ScrollingList,
  type ScrollingListColumn,
  type SortDirection,
} from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useExportHazardBricks } from './api/export-hazard-bricks.ts';
import { HAZARD_BRICK_LIST_SOURCE } from './api/hazard-brick-sources.ts';
import { useImportHazardBricks } from './api/import-hazard-bricks.ts';
import { CreateHazardBrickDialog } from './components/create-hazard-brick-dialog.tsx';

const ORDER_COLUMNS = ['identifier', 'title', 'riskFrom', 'riskTo'] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];
type StoredFilter = { orderBy: OrderColumn; orderDirection: SortDirection };
const DEFAULT_FILTER: StoredFilter = { orderBy: 'identifier', orderDirection: 'asc' };

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (ORDER_COLUMNS as readonly unknown[]).includes(v.orderBy) &&
    (v.orderDirection === 'asc' || v.orderDirection === 'desc')
  );
}

/** /hazardbricks/list: the catalogue of hazard bricks with search; free bricks carry the FREI chip. */
export function HazardBricksListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [createOpen, setCreateOpen] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const canTransfer = canAny([P.HAZARDBRICKS_IMPORT]);
  const exporter = useExportHazardBricks();
  const importer = useImportHazardBricks();
  const transferError = importer.error ?? exporter.error;

  useToolbar({
    title: t('hazardBricks.listTitle'),
    search: { value: search, onChange: setSearch },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: canAny([P.HAZARDBRICKS_CREATE]) ? () => setCreateOpen(true) : undefined,
  });

  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useMemo<ScrollingListColumn<HazardBrickRow>[]>(
    () => [
      {
        id: 'identifier',
        header: t('hazardBricks.identifier'),
        sortKey: 'identifier',
        minWidth: 90,
        grow: 0.5,
        render: (r) => r.identifier,
      },
      {
        id: 'title',
        header: t('hazardBricks.title'),
        sortKey: 'title',
        minWidth: 240,
        grow: 3,
        render: (r) => r.title,
      },
      {
        id: 'riskFrom',
        header: t('hazardBricks.riskFrom'),
        sortKey: 'riskFrom',
        minWidth: 90,
        grow: 0.5,
        render: (r) => r.riskFrom,
      },
      {
        id: 'riskTo',
        header: t('hazardBricks.riskTo'),
        sortKey: 'riskTo',
        minWidth: 90,
        grow: 0.5,
        render: (r) => r.riskTo,
      },
      {
        id: 'free',
        header: '',
        minWidth: 70,
        grow: 0.4,
        render: (r) =>
          r.free ? <Chip size="small" color="info" label={t('hazardBricks.freeChip')} /> : null,
      },
    ],
    [t],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      {transferError ? (
        <Alert
          severity="error"
          role="alert"
          onClose={() => {
            importer.reset();
            exporter.reset();
          }}
        >
          {errorMessage(transferError, t)}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <ListCount count={count} grow />
        {canTransfer && (
          <>
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              hidden
              data-testid="hazard-bricks-import-input"
              onChange={async (event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                exporter.reset();
                importer.mutate(await file.text(), {
                  onSuccess: (result) => {
                    notify(t('hazardBricks.imported', { count: result.imported }));
                    setReloadKey((k) => k + 1);
                  },
                });
              }}
            />
            <Tooltip describeChild title={t('hazardBricks.exportHint')}>
              <Button
                size="small"
                startIcon={<FileDownloadIcon />}
                disabled={exporter.isPending}
                onClick={() => {
                  importer.reset();
                  exporter.mutate(search);
                }}
              >
                {t('hazardBricks.export')}
              </Button>
            </Tooltip>
            <Tooltip describeChild title={t('hazardBricks.importHint')}>
              <Button
                size="small"
                startIcon={<FileUploadIcon />}
                disabled={importer.isPending}
                onClick={() => fileInput.current?.click()}
              >
                {t('hazardBricks.import')}
              </Button>
            </Tooltip>
          </>
        )}
      </Box>
      <ScrollingList<HazardBrickRow>
        source={HAZARD_BRICK_LIST_SOURCE}
        label={t('hazardBricks.listTitle')}
        columns={columns}
        search={search}
        orderBy={filter.orderBy}
        orderDirection={filter.orderDirection}
        onSortChange={(orderBy, orderDirection) =>
          updateFilter({ orderBy: orderBy as OrderColumn, orderDirection })
        }
        onRowClick={(row) => navigate(`/hazardbricks/edit/${row.id}`)}
        onTotalChange={onTotalChange}
        reloadKey={reloadKey}
      />
      <CreateHazardBrickDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(brick) => {
          setCreateOpen(false);
          notify(t('hazardBricks.created'));
          void navigate(`/hazardbricks/edit/${brick.id}`);
        }}
      />
    </Box>
  );
}
