import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ScrollingList, type ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatNumber } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { importReport } from './api/import-report.ts';
import { REPORT_LIST_SOURCE, type ReportListRow } from './api/report-sources.ts';
import { ReportEditorDialog } from './components/report-editor-dialog.tsx';

/** Report-Manager: the report definitions (REPORTS_MANAGE), editor with test run, import of definition files. */
export function ReportManagerPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [total, setTotal] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const imported = useMutation({
    mutationFn: (content: string) => importReport(content),
    onSuccess: (report) => {
      notify(t('reports.manager.imported', { name: report.reportname }));
      setReloadKey((k) => k + 1);
      setEditing(report.id);
    },
  });

  useToolbar({
    title: t('reports.manager.title'),
    search: { value: search, onChange: setSearch },
    onAdd: () => setEditing('new'),
    onUpload: canAny([P.REPORTS_IMPORT]) ? () => fileInput.current?.click() : undefined,
  });

  const columns = useMemo<ScrollingListColumn<ReportListRow>[]>(
    () => [
      {
        id: 'reportname',
        header: t('reports.manager.name'),
        sortKey: 'reportname',
        render: (row) => row.reportname,
      },
      {
        id: 'controller',
        header: t('reports.manager.controller'),
        grow: 0.6,
        render: (row) => row.controller,
      },
      {
        id: 'formats',
        header: t('reports.manager.formats'),
        grow: 0.6,
        render: (row) => (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            {row.formats.map((f) => (
              <Chip key={f} size="small" label={f.toUpperCase()} />
            ))}
          </Box>
        ),
      },
    ],
    [t],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="report-import-input"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          imported.mutate(await file.text());
        }}
      />
      {imported.error ? (
        <Alert severity="error" role="alert" onClose={() => imported.reset()}>
          {errorMessage(imported.error, t)}
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {total === null ? '' : t('reports.manager.count', { count: total, formatted: formatNumber(total) })}
      </Typography>
      <ScrollingList<ReportListRow>
        source={REPORT_LIST_SOURCE}
        label={t('reports.manager.title')}
        columns={columns}
        search={debounced}
        orderBy="reportname"
        reloadKey={reloadKey}
        onRowClick={(row) => setEditing(row.id)}
        onTotalChange={setTotal}
      />
      {editing !== null ? (
        <ReportEditorDialog
          reportId={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onChanged={() => setReloadKey((k) => k + 1)}
        />
      ) : null}
    </Box>
  );
}
