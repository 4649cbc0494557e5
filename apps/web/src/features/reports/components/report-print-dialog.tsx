import ListAltIcon from '@mui/icons-material/ListAlt';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DIALOG_MAX_WIDTH } from '@schutzwerk/shared/constants.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { saveBlob } from '#lib/api-client.ts';
import { useSessionUser } from '#lib/session/session.tsx';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { reportCountQueryOptions } from '../api/count-report.ts';
import { type GenerateInput, generateReport } from '../api/generate-report.ts';
import { reportFiltersQueryOptions } from '../api/get-report-filters.ts';
import { REPORT_PICKER_SOURCE, type ReportPickerRow } from '../api/report-sources.ts';

const ART = { pdf: 1, xlsx: 2, csv: 3 } as const;
type Format = keyof typeof ART;

/**
 * The report print dialog (spec shell §2.4, §4, §5.2): pick a report of this module, fill its filters,
 * choose the output, 'Report erstellen'. It cannot be closed while the report is made; it closes on
 * success and the browser saves the file under the name the server gives. More than 1000 records shows
 * the spec's warning; creating waits until the user has read and closed it.
 */
export function ReportPrintDialog({
  controller,
  onClose,
  recordList,
}: {
  controller: string;
  onClose: () => void;
  /** A list print's records (e.g. the filtered hazard assessments): sent as RecordList. */
  recordList?: number[];
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [report, setReport] = useState<ReportPickerRow | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [format, setFormat] = useState<Format>('pdf');
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);

  const filters = useQuery({ ...reportFiltersQueryOptions(report?.id ?? 0), enabled: report !== null });
  useEffect(() => {
    if (!filters.data) return;
    setValues(Object.fromEntries(filters.data.map((f) => [f.field, f.defaultValue])));
  }, [filters.data]);

  const input: GenerateInput | null =
    report && filters.data
      ? { reportId: report.id, userId: user.employee.id, art: ART[format], filter: values, recordList }
      : null;
  const debouncedInput = useDebouncedValue(input);
  const count = useQuery({
    ...reportCountQueryOptions(debouncedInput ?? { reportId: 0, userId: 0, art: 1, filter: {} }),
    enabled: debouncedInput !== null,
  });
  const countKey = debouncedInput
    ? `${debouncedInput.reportId}:${JSON.stringify(debouncedInput.filter)}`
    : '';
  const warning = count.data?.warning && dismissedFor !== countKey ? count.data.warning : null;

  const generate = useMutation({
    mutationFn: (request: GenerateInput) => generateReport(request),
    onSuccess: ({ blob, fileName }) => {
      saveBlob(blob, fileName ?? `${report?.reportname ?? 'Report'}.${format}`);
      onClose();
    },
  });
  const running = generate.isPending;
  const canCreate = Boolean(input) && !warning && !running && !count.isFetching && count.data !== undefined;

  const columns = useMemo<ScrollingListColumn<ReportPickerRow>[]>(
    () => [
      { id: 'id', header: t('reports.id'), minWidth: 70, grow: 0.3, render: (row) => row.id },
      { id: 'reportname', header: t('reports.name'), sortKey: 'reportname', render: (row) => row.reportname },
    ],
    [t],
  );

  return (
    <Dialog
      open
      onClose={() => !running && onClose()}
      aria-labelledby="report-print-title"
      slotProps={{ paper: { sx: { width: DIALOG_MAX_WIDTH, maxWidth: '100%' } } }}
    >
      <DialogTitle id="report-print-title">{t('reports.dialogTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('reports.report')}
            value={report?.reportname ?? ''}
            required
            disabled={running}
            onClick={() => !running && setPickerOpen(true)}
            slotProps={{
              htmlInput: { readOnly: true, style: { cursor: 'pointer' } },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      size="small"
                      aria-label={t('reports.choose')}
                      disabled={running}
                      onClick={() => setPickerOpen(true)}
                    >
                      <ListAltIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          {filters.isError ? <Alert severity="error">{errorMessage(filters.error, t)}</Alert> : null}
          {(filters.data ?? []).map((filter) =>
            filter.kind === 'checkbox' ? (
              <FormControlLabel
                key={filter.id}
                control={
                  <Switch
                    checked={values[filter.field] === '1'}
                    disabled={running}
                    onChange={(event) =>
                      setValues((v) => ({ ...v, [filter.field]: event.target.checked ? '1' : '0' }))
                    }
                  />
                }
                label={filter.filtername}
              />
            ) : (
              <TextField
                key={filter.id}
                label={filter.filtername}
                value={values[filter.field] ?? ''}
                disabled={running}
                onChange={(event) => setValues((v) => ({ ...v, [filter.field]: event.target.value }))}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            ),
          )}
          {report ? (
            <Stack spacing={0.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle2">
                {t('reports.output')}
              </Typography>
              <RadioGroup
                row
                value={format}
                onChange={(event) => setFormat(event.target.value as Format)}
                aria-label={t('reports.output')}
              >
                {report.formats.map((f) => (
                  <FormControlLabel
                    key={f}
                    value={f}
                    control={<Radio />}
                    label={t(`reports.formats.${f}`)}
                    disabled={running}
                  />
                ))}
              </RadioGroup>
              {count.data ? (
                <Typography variant="body2" color="text.secondary" data-testid="report-count">
                  {t('reports.count', { count: count.data.count })}
                </Typography>
              ) : null}
            </Stack>
          ) : null}
          {warning ? (
            <Alert severity="warning" onClose={() => setDismissedFor(countKey)} data-testid="report-warning">
              {warning}
            </Alert>
          ) : null}
          {generate.isError ? (
            <Alert severity="error" role="alert">
              <AlertTitle>{t('reports.failed')}</AlertTitle>
              {errorMessage(generate.error, t)}
            </Alert>
          ) : null}
          {running ? <LinearProgress aria-label={t('reports.running')} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={running}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!canCreate}
          onClick={() => {
            if (input) generate.mutate(input);
          }}
        >
          {t('reports.create')}
        </Button>
      </DialogActions>
      {pickerOpen ? (
        <PickerDialog<ReportPickerRow>
          open
          onClose={() => setPickerOpen(false)}
          onSelect={(rows) => {
            const row = rows[0] ?? null;
            setReport(row);
            setValues({});
            setFormat(row?.formats.includes('pdf') ? 'pdf' : (row?.formats[0] ?? 'pdf'));
            generate.reset();
            setPickerOpen(false);
          }}
          source={REPORT_PICKER_SOURCE}
          params={{ controller }}
          columns={columns}
          getRowId={(row) => row.id}
          orderBy="reportname"
          value={report}
        />
      ) : null}
    </Dialog>
  );
}
