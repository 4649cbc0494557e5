import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type PermissionDefinition, permissionById, permissionList } from '@schutzwerk/shared/permissions.ts';
import {
  REPORT_FORMATS,
  type Report,
  type ReportFormat,
  reportInputSchema,
} from '@schutzwerk/shared/reports/reports.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { saveBlob } from '#lib/api-client.ts';
import { createReport } from '../api/create-report.ts';
import { deleteReport } from '../api/delete-report.ts';
import { exportReport } from '../api/export-report.ts';
import { reportQueryOptions } from '../api/get-report.ts';
import { type PreviewResult, previewReport } from '../api/preview-report.ts';
import { reportKeys } from '../api/report-keys.ts';
import { updateReport } from '../api/update-report.ts';

/** `uid` keys the row in the form only (filters have no id until saved); it is not sent. */
type FilterDraft = { uid: number; field: string; filtername: string; filtercontent: string };
let nextUid = 1;
const uid = () => nextUid++;
type Draft = {
  reportname: string;
  controller: string;
  sql: string;
  timeoutSeconds: string;
  formats: ReportFormat[];
  rights: number[];
  filters: FilterDraft[];
};

const EMPTY: Draft = {
  reportname: '',
  controller: '',
  sql: '',
  timeoutSeconds: '30',
  formats: ['pdf'],
  rights: [],
  filters: [],
};

function draftOf(report: Report | null): Draft {
  if (!report) return EMPTY;
  return {
    reportname: report.reportname,
    controller: report.controller,
    sql: report.sql,
    timeoutSeconds: String(report.timeoutSeconds),
    formats: [...report.formats],
    rights: [...report.rights],
    filters: report.filters.map(({ field, filtername, filtercontent }) => ({
      uid: uid(),
      field,
      filtername,
      filtercontent,
    })),
  };
}

function payloadOf(draft: Draft) {
  return {
    ...draft,
    timeoutSeconds: Number(draft.timeoutSeconds),
    filters: draft.filters.map(({ uid: _uid, ...filter }) => filter),
  };
}

/**
 * Create or edit a report definition: name, module, SQL with a test run of the first rows, timeout,
 * formats, the rights that may run it and its filters. The server checks the SQL (one plain SELECT …)
 * and names the reason when it refuses.
 */
export function ReportEditorDialog({ reportId, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const loaded = useQuery({ ...reportQueryOptions(reportId ?? 0), enabled: reportId !== null });
  if (reportId === null) return <ReportEditor report={null} onClose={onClose} onChanged={onChanged} />;
  if (loaded.data) return <ReportEditor report={loaded.data} onClose={onClose} onChanged={onChanged} />;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="report-editor-title">
      <DialogTitle id="report-editor-title">{t('reports.manager.loading')}</DialogTitle>
      <DialogContent>
        {loaded.isError ? (
          <Alert severity="error">{errorMessage(loaded.error, t)}</Alert>
        ) : (
          <LinearProgress aria-label={t('reports.manager.loading')} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

type Props = {
  /** The report to edit, or null for a new one. */
  reportId: number | null;
  onClose: () => void;
  onChanged: () => void;
};

/** The editor of a loaded report definition (or a new one: `report` null until it is first saved). */
function ReportEditor({ report, onClose, onChanged }: Omit<Props, 'reportId'> & { report: Report | null }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  /** The stored definition (its version goes with the next save), the draft, the conflict after a stale save. */
  const record = useVersionedDraft<Report | null, Draft>({
    record: report,
    draftOf,
    fetchLatest: (stored) =>
      stored
        ? queryClient.fetchQuery({ ...reportQueryOptions(stored.id), staleTime: 0 })
        : Promise.resolve(null),
  });
  const { base, draft, setDraft, conflict, reloading } = record;
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [preview, setPreview] = useState<PreviewResult | null>(null);

  const parsed = reportInputSchema.safeParse(payloadOf(draft));
  const clientErrors = useMemo(() => {
    const errors: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = issue.path.map(String).join('.');
        if (!(key in errors)) errors[key] = issue.message;
      }
    return errors;
  }, [parsed]);
  const errorOf = (key: string) => serverErrors[key] ?? (submitted ? clientErrors[key] : undefined);
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerErrors({});
  };

  const save = useMutation({
    mutationFn: () =>
      base
        ? updateReport(base.id, { ...payloadOf(draft), version: base.version })
        : createReport(payloadOf(draft)),
    onSuccess: (saved) => {
      record.saved(saved);
      setSubmitted(false);
      queryClient.setQueryData(reportKeys.detail(saved.id), saved);
      onChanged();
    },
    onError: (error) => {
      record.saveFailed(error);
      setServerErrors(fieldErrors(error));
    },
  });
  const test = useMutation({
    mutationFn: () =>
      previewReport({
        sql: draft.sql,
        filters: payloadOf(draft).filters,
        timeoutSeconds: Number(draft.timeoutSeconds) || 10,
      }),
    onSuccess: setPreview,
    onError: () => setPreview(null),
  });
  const remove = useMutation({
    mutationFn: () => deleteReport(base!.id, base!.version),
    onSuccess: () => {
      onChanged();
      onClose();
    },
  });
  const exportFile = useMutation({
    mutationFn: () => exportReport(base!.id),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? `${draft.reportname}.json`),
  });

  const reload = async () => {
    // What was typed stays on top of the newest stored definition.
    try {
      await record.reloadLatest();
      save.reset();
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };

  const busy = save.isPending || remove.isPending;
  const rightsValue = draft.rights
    .map((id) => permissionById(id))
    .filter((p): p is PermissionDefinition => Boolean(p));

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      fullWidth
      maxWidth="md"
      aria-labelledby="report-editor-title"
    >
      <DialogTitle id="report-editor-title">
        {base ? t('reports.manager.editTitle', { name: base.reportname }) : t('reports.manager.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {conflict ? (
            <ConflictAlert
              announce
              message={errorMessage(save.error, t)}
              reloadLabel={t('reports.manager.reload')}
              reloading={reloading}
              onReload={reload}
            />
          ) : save.error ? (
            <Alert severity="error" role="alert" data-testid="save-error">
              {errorMessage(save.error, t)}
            </Alert>
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('reports.manager.name')}
              value={draft.reportname}
              onChange={(e) => set({ reportname: e.target.value })}
              error={Boolean(errorOf('reportname'))}
              helperText={errorOf('reportname')}
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              label={t('reports.manager.controller')}
              value={draft.controller}
              onChange={(e) => set({ controller: e.target.value })}
              error={Boolean(errorOf('controller'))}
              helperText={errorOf('controller') ?? t('reports.manager.controllerHint')}
              required
              sx={{ minWidth: 220 }}
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
          </Stack>
          <TextField
            label={t('reports.manager.sql')}
            value={draft.sql}
            onChange={(e) => set({ sql: e.target.value })}
            error={Boolean(errorOf('sql'))}
            helperText={errorOf('sql') ?? t('reports.manager.sqlHint')}
            required
            multiline
            minRows={6}
            maxRows={18}
            slotProps={{
              htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } },
            }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={t('reports.manager.timeout')}
              value={draft.timeoutSeconds}
              onChange={(e) => set({ timeoutSeconds: e.target.value })}
              error={Boolean(errorOf('timeoutSeconds'))}
              helperText={errorOf('timeoutSeconds')}
              sx={{ width: 200 }}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
            />
            <Box>
              <FormGroup row aria-label={t('reports.manager.formats')}>
                {REPORT_FORMATS.map((format) => (
                  <FormControlLabel
                    key={format}
                    label={t(`reports.formats.${format}`)}
                    control={
                      <Checkbox
                        checked={draft.formats.includes(format)}
                        onChange={(e) =>
                          set({
                            formats: e.target.checked
                              ? REPORT_FORMATS.filter((f) => f === format || draft.formats.includes(f))
                              : draft.formats.filter((f) => f !== format),
                          })
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              {errorOf('formats') ? <FormHelperText error>{errorOf('formats')}</FormHelperText> : null}
            </Box>
          </Stack>
          <Autocomplete
            multiple
            options={permissionList}
            value={rightsValue}
            onChange={(_e, value) => set({ rights: value.map((p) => p.id) })}
            getOptionLabel={(p) => `${p.id} – ${p.label}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('reports.manager.rights')}
                error={Boolean(errorOf('rights'))}
                helperText={errorOf('rights') ?? t('reports.manager.rightsHint')}
              />
            )}
          />
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('reports.manager.filters')}
            </Typography>
            <Stack spacing={1}>
              {draft.filters.map((filter, index) => (
                <Stack
                  key={filter.uid}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: 'flex-start' }}
                >
                  {(['field', 'filtername', 'filtercontent'] as const).map((key) => (
                    <TextField
                      key={key}
                      size="small"
                      label={t(`reports.manager.filter.${key}`)}
                      value={filter[key]}
                      onChange={(e) =>
                        set({
                          filters: draft.filters.map((f, i) =>
                            i === index ? { ...f, [key]: e.target.value } : f,
                          ),
                        })
                      }
                      error={Boolean(errorOf(`filters.${index}.${key}`))}
                      helperText={errorOf(`filters.${index}.${key}`)}
                      sx={{ flex: key === 'filtercontent' ? 1.4 : 1 }}
                    />
                  ))}
                  <IconButton
                    aria-label={t('reports.manager.filter.remove')}
                    onClick={() => set({ filters: draft.filters.filter((_f, i) => i !== index) })}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              ))}
              <Box>
                <Button
                  size="small"
                  onClick={() =>
                    set({
                      filters: [
                        ...draft.filters,
                        { uid: uid(), field: '', filtername: '', filtercontent: '' },
                      ],
                    })
                  }
                >
                  {t('reports.manager.filter.add')}
                </Button>
              </Box>
              <FormHelperText>{t('reports.manager.filter.hint')}</FormHelperText>
            </Stack>
          </Box>
          {test.isPending ? <LinearProgress aria-label={t('reports.manager.testRunning')} /> : null}
          {test.error ? (
            <Alert severity="error" role="alert" data-testid="preview-error">
              {errorMessage(test.error, t)}
            </Alert>
          ) : null}
          {preview ? (
            <Box data-testid="preview">
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {preview.truncated
                  ? t('reports.manager.previewTruncated', { count: preview.rows.length })
                  : t('reports.manager.previewRows', { count: preview.rows.length })}
              </Typography>
              <TableContainer sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <Table size="small" stickyHeader aria-label={t('reports.manager.preview')}>
                  <TableHead>
                    <TableRow>
                      {preview.columns.map((c) => (
                        <TableCell key={c}>{c}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.rows.map((row, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no key
                      <TableRow key={i}>
                        {row.map((cell, j) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells in column order
                          <TableCell key={j}>{cell}</TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Box>
          ) : null}
          {remove.error ? <Alert severity="error">{errorMessage(remove.error, t)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {base ? (
          confirmDelete ? (
            <>
              <Typography variant="body2">{t('reports.manager.deleteConfirm')}</Typography>
              <Button color="error" variant="contained" disabled={busy} onClick={() => remove.mutate()}>
                {t('reports.manager.deleteYes')}
              </Button>
              <Button onClick={() => setConfirmDelete(false)}>{t('common.cancel')}</Button>
            </>
          ) : (
            <>
              <Button color="error" disabled={busy} onClick={() => setConfirmDelete(true)}>
                {t('reports.manager.delete')}
              </Button>
              <Button disabled={busy || exportFile.isPending} onClick={() => exportFile.mutate()}>
                {t('reports.manager.export')}
              </Button>
            </>
          )
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Button disabled={test.isPending || draft.sql.trim() === ''} onClick={() => test.mutate()}>
          {t('reports.manager.test')}
        </Button>
        <Button onClick={onClose} disabled={busy}>
          {t('common.close')}
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => {
            setSubmitted(true);
            if (parsed.success) save.mutate();
          }}
        >
          {t('reports.manager.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
