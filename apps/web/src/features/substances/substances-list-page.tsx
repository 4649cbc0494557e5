import CategoryIcon from '@mui/icons-material/Category';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import PrintIcon from '@mui/icons-material/Print';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { SubstanceRow } from '@schutzwerk/shared/substances/substances.schema.ts';
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
import { ReportPrintDialog } from '#features/reports/index.ts';
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { SUBSTANCE_LIST_SOURCE } from './api/substance-sources.ts';
import { CreateSubstanceDialog } from './components/create-substance-dialog.tsx';
import { GhsPictogram } from './components/ghs-pictogram.tsx';
import { SdsImportDialog } from './components/sds-import-dialog.tsx';

const ORDER_COLUMNS = ['designation', 'casNumber', 'ecNumber', 'manufacturerName', 'versionNumber'] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];
type StoredFilter = { orderBy: OrderColumn; orderDirection: SortDirection; showInactive: boolean };
const DEFAULT_FILTER: StoredFilter = { orderBy: 'designation', orderDirection: 'asc', showInactive: false };

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (ORDER_COLUMNS as readonly unknown[]).includes(v.orderBy) &&
    (v.orderDirection === 'asc' || v.orderDirection === 'desc') &&
    typeof v.showInactive === 'boolean'
  );
}

/** /substances/list: the hazardous substances register, searched by name, synonym, CAS, EC or manufacturer. */
export function SubstancesListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [createOpen, setCreateOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [printOpen, setPrintOpen] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const canSeeInactive = canAny([P.HAZMAT]);

  useToolbar({
    title: t('substances.listTitle'),
    search: { value: search, onChange: setSearch, label: t('substances.searchLabel') },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: canAny([P.HAZMAT_CREATE]) ? () => setCreateOpen(true) : undefined,
    filter: canSeeInactive
      ? {
          value: filter.showInactive,
          defaultValue: DEFAULT_FILTER.showInactive,
          onClick: () => updateFilter({ showInactive: !filter.showInactive }),
          label: t('substances.showInactive'),
        }
      : undefined,
  });

  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useMemo<ScrollingListColumn<SubstanceRow>[]>(
    () => [
      {
        id: 'designation',
        header: t('substances.columns.designation'),
        sortKey: 'designation',
        minWidth: 220,
        grow: 2.5,
        render: (r) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {r.designation}
              </Typography>
              {r.synonym && (
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {r.synonym}
                </Typography>
              )}
            </Box>
            {!r.active && <Chip size="small" label={t('substances.inactiveChip')} />}
            {r.cmr && <Chip size="small" color="error" label={t('substances.cmrChip')} />}
          </Stack>
        ),
      },
      {
        id: 'casNumber',
        header: t('substances.columns.casNumber'),
        sortKey: 'casNumber',
        minWidth: 110,
        grow: 0.7,
        render: (r) => r.casNumber,
      },
      {
        id: 'ecNumber',
        header: t('substances.columns.ecNumber'),
        sortKey: 'ecNumber',
        minWidth: 110,
        grow: 0.7,
        render: (r) => r.ecNumber,
      },
      {
        id: 'manufacturerName',
        header: t('substances.columns.manufacturerName'),
        sortKey: 'manufacturerName',
        minWidth: 140,
        grow: 1.2,
        render: (r) => r.manufacturerName,
      },
      {
        id: 'label',
        header: t('substances.columns.label'),
        minWidth: 170,
        grow: 1.3,
        render: (r) => (
          <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {r.pictograms.map((p) => (
              <GhsPictogram key={p} code={p} size={26} />
            ))}
            {r.signalWord !== 'none' && (
              <Typography variant="caption" sx={{ fontWeight: 600, ml: 0.5 }}>
                {t(`substances.signalWords.${r.signalWord}`)}
              </Typography>
            )}
          </Stack>
        ),
      },
      {
        id: 'versionNumber',
        header: t('substances.columns.versionNumber'),
        sortKey: 'versionNumber',
        minWidth: 70,
        grow: 0.3,
        render: (r) => r.versionNumber,
      },
      {
        id: 'release',
        header: t('substances.columns.release'),
        minWidth: 130,
        grow: 0.8,
        render: (r) => t(`substances.releaseStates.${r.releaseState}`),
      },
    ],
    [t],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <ListCount count={count} grow />
        {canAny([P.HAZMAT_CREATE]) && canAny([P.HAZMAT_SDS]) && (
          <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setImportOpen(true)}>
            {t('substances.sds.importButton')}
          </Button>
        )}
        {canAny([P.HAZMAT, P.HAZMAT_SUBSTITUTION]) && (
          <Button
            size="small"
            startIcon={<CompareArrowsIcon />}
            component={RouterLink}
            to="/substances/substitution"
          >
            {t('substitution.openSubstitution')}
          </Button>
        )}
        {canAny([P.HAZMAT_REGISTER]) && (
          <Button size="small" startIcon={<PrintIcon />} onClick={() => setPrintOpen(true)}>
            {t('substitution.printRegister')}
          </Button>
        )}
        {canAny([P.HAZMAT_MASTER_DATA]) && (
          <Button
            size="small"
            startIcon={<CategoryIcon />}
            component={RouterLink}
            to="/substances/catalogues"
          >
            {t('substances.catalogues')}
          </Button>
        )}
      </Box>
      <ScrollingList<SubstanceRow>
        source={SUBSTANCE_LIST_SOURCE}
        label={t('substances.listTitle')}
        columns={columns}
        search={search}
        params={canSeeInactive && filter.showInactive ? { showInactive: true } : {}}
        orderBy={filter.orderBy}
        orderDirection={filter.orderDirection}
        onSortChange={(orderBy, orderDirection) =>
          updateFilter({ orderBy: orderBy as OrderColumn, orderDirection })
        }
        onRowClick={(row) => navigate(`/substances/${row.id}`)}
        onTotalChange={onTotalChange}
      />
      <SdsImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={(result) => {
          setImportOpen(false);
          notify(
            result.unknownStatements.length > 0
              ? t('substances.sds.importedUnknown', { codes: result.unknownStatements.join(', ') })
              : t('substances.sds.imported'),
          );
          void navigate(`/substances/${result.substanceId}`);
        }}
      />
      {printOpen ? <ReportPrintDialog controller="substance" onClose={() => setPrintOpen(false)} /> : null}
      <CreateSubstanceDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(substance) => {
          notify(t('substances.created'));
          void navigate(`/substances/${substance.id}`);
        }}
      />
    </Box>
  );
}
