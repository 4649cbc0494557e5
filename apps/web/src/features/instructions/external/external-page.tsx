import BadgeIcon from '@mui/icons-material/Badge';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ExternalRecordRow, ExternalSite } from '@schutzwerk/shared/instructions/external.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import { ScrollingList, type ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { saveBlob } from '#lib/api-client.ts';
import { formatDate, formatDateTime } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import {
  downloadRecordBadge,
  downloadRecordCertificate,
  EXTERNAL_RECORDS_SOURCE,
  externalKeys,
  fetchSites,
} from './external-api.ts';
import { SiteDialog } from './site-dialog.tsx';

const TABS = [
  { key: 'records', anyOf: [P.TOPICS_EVALUATE_EXTERNAL] },
  { key: 'sites', anyOf: [P.SETTINGS_TOPICS] },
] as const;

/**
 * /instructions/external — external instructions (decision 074): the records of the kiosk („Nachweise“,
 * TOPICS_EVALUATE_EXTERNAL) and the settings per location („Standorte“, SETTINGS_TOPICS). The kiosk itself is
 * the public page /external.
 */
export function ExternalInstructionsPage() {
  const { t } = useTranslation();
  const { canAny } = usePermissions();
  const [params, setParams] = useSearchParams();
  const visible = TABS.filter((tab) => canAny(tab.anyOf));
  const current = visible.find((tab) => tab.key === params.get('tab')) ?? visible[0];
  const [search, setSearch] = useState('');
  useToolbar({
    title: t('externalInstructions.title'),
    ...(current?.key === 'records' ? { search: { value: search, onChange: setSearch } } : {}),
  });
  if (!current) return null;
  return (
    <Stack spacing={2} sx={{ flex: 1, minHeight: 0 }}>
      <Tabs
        value={current.key}
        onChange={(_, key: string) => setParams({ tab: key }, { replace: true })}
        aria-label={t('externalInstructions.title')}
        variant="scrollable"
      >
        {visible.map((tab) => (
          <Tab key={tab.key} value={tab.key} label={t(`externalInstructions.tabs.${tab.key}`)} />
        ))}
      </Tabs>
      <Typography variant="body2" color="text.secondary">
        {t('externalInstructions.kioskHint', { url: `${window.location.origin}/external` })}
      </Typography>
      {current.key === 'records' ? <RecordsTab search={search} /> : <SitesTab />}
    </Stack>
  );
}

function DocumentsCell({ row, tabbable }: { row: ExternalRecordRow; tabbable: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = (fallback: string) => ({
    onSuccess: ({ blob, fileName }: { blob: Blob; fileName: string | null }) =>
      saveBlob(blob, fileName ?? fallback),
    onError: (error: unknown) => notify(errorMessage(error, t), 'error'),
  });
  const certificate = useMutation({
    mutationFn: () => downloadRecordCertificate(row.id),
    ...save('Unterweisungsnachweis.pdf'),
  });
  const badge = useMutation({
    mutationFn: () => downloadRecordBadge(row.id),
    ...save('Besucherausweis.pdf'),
  });
  if (row.status !== 'passed') return null;
  const name = `${row.firstName} ${row.lastName}`;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        tabIndex={tabbable ? 0 : -1}
        disabled={certificate.isPending}
        onClick={(event) => {
          event.stopPropagation();
          certificate.mutate();
        }}
        aria-label={t('externalInstructions.certificateFor', { name })}
        data-testid="record-certificate"
      >
        {t('externalInstructions.certificate')}
      </Button>
      <Button
        size="small"
        startIcon={<BadgeIcon />}
        tabIndex={tabbable ? 0 : -1}
        disabled={badge.isPending}
        onClick={(event) => {
          event.stopPropagation();
          badge.mutate();
        }}
        aria-label={t('externalInstructions.badgeFor', { name })}
        data-testid="record-badge"
      >
        {t('externalInstructions.badge')}
      </Button>
    </Box>
  );
}

function RecordsTab({ search }: { search: string }) {
  const { t } = useTranslation();
  const [count, setCount] = useState<number | null>(null);
  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useMemo<ScrollingListColumn<ExternalRecordRow>[]>(
    () => [
      {
        id: 'startedAt',
        header: t('externalInstructions.columns.startedAt'),
        sortKey: 'startedAt',
        minWidth: 130,
        grow: 0.6,
        render: (r) => formatDateTime(r.startedAt),
      },
      {
        id: 'name',
        header: t('externalInstructions.columns.name'),
        sortKey: 'name',
        minWidth: 150,
        render: (r) => `${r.lastName}, ${r.firstName}`,
      },
      {
        id: 'company',
        header: t('externalInstructions.columns.company'),
        sortKey: 'company',
        minWidth: 130,
        render: (r) => r.company,
      },
      {
        id: 'location',
        header: t('externalInstructions.columns.location'),
        sortKey: 'location',
        minWidth: 120,
        render: (r) => r.locationName,
      },
      {
        id: 'topics',
        header: t('externalInstructions.columns.topics'),
        minWidth: 160,
        grow: 1.4,
        render: (r) => r.topics.join(', '),
      },
      {
        id: 'status',
        header: t('externalInstructions.columns.status'),
        minWidth: 150,
        render: (r) => (
          <Chip
            size="small"
            color={r.status === 'passed' ? 'success' : 'default'}
            label={
              r.status === 'passed'
                ? t('externalInstructions.status.passed', {
                    date: r.validUntil ? formatDate(r.validUntil) : t('externalInstructions.unlimited'),
                  })
                : t('externalInstructions.status.running', { attempts: r.attempts })
            }
          />
        ),
      },
      {
        id: 'certificate',
        header: t('externalInstructions.columns.certificate'),
        minWidth: 270,
        grow: 0.5,
        compact: 'actions',
        render: (r, _i, cell) => <DocumentsCell row={r} tabbable={cell.tabbable} />,
      },
    ],
    [t],
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 320, gap: 1.5 }}>
      <ListCount count={count} />
      <ScrollingList<ExternalRecordRow>
        source={EXTERNAL_RECORDS_SOURCE}
        label={t('externalInstructions.tabs.records')}
        columns={columns}
        search={search}
        orderBy="startedAt"
        orderDirection="desc"
        onTotalChange={onTotalChange}
        emptyText={t('externalInstructions.noRecords')}
      />
    </Box>
  );
}

function SitesTab() {
  const { t } = useTranslation();
  const sites = useQuery({ queryKey: externalKeys.sites(), queryFn: fetchSites });
  const [editing, setEditing] = useState<ExternalSite | null>(null);
  if (sites.isPending) return <CircularProgress aria-label={t('externalInstructions.loading')} />;
  if (sites.isError)
    return (
      <Alert severity="error" role="alert">
        {errorMessage(sites.error, t)}
      </Alert>
    );
  const topicName = new Map(sites.data.topics.map((x) => [x.id, `${x.identifier} ${x.label}`.trim()]));
  if (sites.data.sites.length === 0)
    return <Alert severity="info">{t('externalInstructions.noLocations')}</Alert>;
  return (
    <>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {sites.data.sites.map((site) => (
          <Paper
            component="li"
            key={site.locationId}
            variant="outlined"
            sx={{ p: 2 }}
            data-testid="external-site"
          >
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <Box sx={{ flex: 1, minWidth: 200 }}>
                <Typography sx={{ fontWeight: 600 }}>{site.locationName}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {site.enabled ? t('externalInstructions.offered') : t('externalInstructions.notOffered')}
                  {' · '}
                  {site.hasImage
                    ? t('externalInstructions.withImage')
                    : t('externalInstructions.withoutImage')}
                </Typography>
                <Typography variant="body2">
                  {site.topicIds.length === 0
                    ? t('externalInstructions.noTopics')
                    : site.topicIds.map((id) => topicName.get(id) ?? `#${id}`).join(', ')}
                </Typography>
              </Box>
              <Button
                startIcon={<EditIcon />}
                onClick={() => setEditing(site)}
                aria-label={t('externalInstructions.editFor', { location: site.locationName })}
              >
                {t('externalInstructions.edit')}
              </Button>
            </Box>
          </Paper>
        ))}
      </Stack>
      {editing ? (
        <SiteDialog site={editing} topics={sites.data.topics} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
