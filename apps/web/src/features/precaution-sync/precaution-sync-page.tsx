import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SYNC_FIELDS,
  type SyncCheck,
  type SyncField,
  type SyncMapping,
  type SyncPreview,
  type SyncSeparator,
  suggestAssessmentKind,
  suggestPrecautionType,
} from '@schutzwerk/shared/occupational-medicine/precaution-sync.schema.ts';
import {
  ASSESSMENT_KINDS,
  PRECAUTION_TYPES,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { formatNumber } from '#lib/format.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { fileToBase64, useCheckSync, useCommitSync, usePreviewSync } from './api/precaution-sync.ts';

const SEPARATORS: { value: SyncSeparator | 'auto'; key: string }[] = [
  { value: 'auto', key: 'auto' },
  { value: ';', key: 'semicolon' },
  { value: ',', key: 'comma' },
  { value: '\t', key: 'tab' },
];
const SEPARATOR_KEYS: Record<SyncSeparator, string> = { ';': 'semicolon', ',': 'comma', '\t': 'tab' };
const ENCODING_NAMES = { 'utf-8': 'UTF-8', 'windows-1252': 'Windows-1252' } as const;

/** Fields whose values are mapped in step 2. */
type ValueField = 'assessment' | 'occasion' | 'precautionType';
/** The user's choice per file value; '' means „not mapped“ (the row will be reported). */
type ValueChoices = Record<ValueField, Record<string, string>>;
const NO_CHOICES: ValueChoices = { assessment: {}, occasion: {}, precautionType: {} };

type FileInput = { fileName: string; content: string; separator?: SyncSeparator; hasHeader: boolean };

/**
 * /occupational-medicine/sync (PRECAUTION_ASSESSMENTS; decision 065): the medical-examination sync wizard in four
 * steps — file, mapping of columns and values, check with row-level errors, result with counts. Nothing is
 * written unless the whole file is accepted.
 */
export function PrecautionSyncPage() {
  const { t } = useTranslation();
  useToolbar({ title: t('precautionSync.title'), back: '/occupational-medicine/precautions' });
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [separator, setSeparator] = useState<SyncSeparator | 'auto'>('auto');
  const [hasHeader, setHasHeader] = useState(true);
  const [fileInput, setFileInput] = useState<FileInput | null>(null);
  const [columns, setColumns] = useState<Partial<Record<SyncField, number>>>({});
  const [choices, setChoices] = useState<ValueChoices>(NO_CHOICES);
  const preview = usePreviewSync();
  const check = useCheckSync();
  const commit = useCommitSync();

  const resetFrom = (fromFile: boolean) => {
    if (fromFile) {
      preview.reset();
      setFileInput(null);
    }
    check.reset();
    commit.reset();
  };

  const loadPreview = async () => {
    if (!file) return;
    const next: FileInput = {
      fileName: file.name,
      content: await fileToBase64(file),
      ...(separator === 'auto' ? {} : { separator }),
      hasHeader,
    };
    preview.mutate(next, {
      onSuccess: (result) => {
        setFileInput(next);
        setColumns(result.suggestedColumns);
        setChoices(NO_CHOICES);
      },
    });
  };

  const mapping = (data: SyncPreview): SyncMapping => {
    const values = { assessment: {}, occasion: {}, precautionType: {} } as Required<
      NonNullable<SyncMapping['values']>
    >;
    for (const field of ['assessment', 'occasion', 'precautionType'] as const) {
      const column = columns[field];
      if (column === undefined) continue;
      for (const value of data.distinctValues[column] ?? []) {
        const chosen = choiceOf(data, field, value);
        if (chosen === '') continue;
        if (field === 'occasion') values.occasion[value] = Number(chosen);
        else if (field === 'assessment')
          values.assessment[value] = chosen as (typeof ASSESSMENT_KINDS)[number];
        else values.precautionType[value] = chosen as (typeof PRECAUTION_TYPES)[number];
      }
    }
    return { columns, values };
  };

  /** The user's choice, else the usual meaning of the text (occasions: the catalogue entry of that name). */
  const choiceOf = (data: SyncPreview, field: ValueField, value: string): string => {
    const chosen = choices[field][value];
    if (chosen !== undefined) return chosen;
    if (field === 'assessment') return suggestAssessmentKind(value) ?? '';
    if (field === 'precautionType') return suggestPrecautionType(value) ?? '';
    const match = data.occasions.find((o) => o.name.trim().toLowerCase() === value.trim().toLowerCase());
    return match ? String(match.id) : '';
  };

  const runCheck = () => {
    if (!fileInput || !preview.data) return;
    commit.reset();
    check.mutate({ ...fileInput, mapping: mapping(preview.data) }, { onSuccess: () => setStep(2) });
  };

  const runCommit = () => {
    if (!fileInput || !preview.data) return;
    commit.mutate({ ...fileInput, mapping: mapping(preview.data) }, { onSuccess: () => setStep(3) });
  };

  const restart = () => {
    setFile(null);
    if (input.current) input.current.value = '';
    resetFrom(true);
    setStep(0);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, overflow: 'auto' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('precautionSync.intro')}
      </Typography>
      <Stepper activeStep={step === 3 ? 4 : step} sx={{ mb: 3 }} alternativeLabel>
        {(['stepFile', 'stepMapping', 'stepCheck', 'stepResult'] as const).map((key) => (
          <Step key={key}>
            <StepLabel>{t(`precautionSync.${key}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>

      {step === 0 && (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button variant="outlined" onClick={() => input.current?.click()}>
              {t('precautionSync.chooseFile')}
            </Button>
            <input
              ref={input}
              data-testid="sync-file-input"
              type="file"
              accept=".csv,text/csv"
              hidden
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                resetFrom(true);
              }}
            />
            <Box>
              <Typography>{file ? file.name : t('precautionSync.noFile')}</Typography>
              <Typography variant="caption" color="text.secondary">
                {t('precautionSync.fileHint')}
              </Typography>
            </Box>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              size="small"
              label={t('precautionSync.separator')}
              value={separator}
              onChange={(event) => {
                setSeparator(event.target.value as SyncSeparator | 'auto');
                resetFrom(true);
              }}
              sx={{ minWidth: 240 }}
            >
              {SEPARATORS.map((s) => (
                <MenuItem key={s.key} value={s.value}>
                  {t(`precautionSync.separators.${s.key}`)}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Checkbox
                  checked={hasHeader}
                  onChange={(event) => {
                    setHasHeader(event.target.checked);
                    resetFrom(true);
                  }}
                />
              }
              label={t('precautionSync.hasHeader')}
            />
            <Button
              variant="contained"
              disabled={!file || preview.isPending}
              onClick={() => void loadPreview()}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {t('precautionSync.loadPreview')}
            </Button>
          </Stack>
          {preview.isError && (
            <Alert severity="error" role="alert">
              {errorMessage(preview.error, t)}
            </Alert>
          )}
          {preview.data && fileInput && (
            <Stack spacing={1}>
              <Typography variant="subtitle1">{t('precautionSync.previewTitle')}</Typography>
              <Typography variant="body2" color="text.secondary" data-testid="sync-preview-info">
                {t('precautionSync.previewInfo', {
                  fileName: preview.data.fileName,
                  rows: formatNumber(preview.data.rowCount),
                  columns: preview.data.columns.length,
                  encoding: ENCODING_NAMES[preview.data.encoding],
                  separator: t(`precautionSync.separators.${SEPARATOR_KEYS[preview.data.separator]}`),
                })}
              </Typography>
              <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <Table size="small" stickyHeader aria-label={t('precautionSync.previewTitle')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('precautionSync.line')}</TableCell>
                      {preview.data.columns.map((column, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                        <TableCell key={i}>{column}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.data.rows.map((row) => (
                      <TableRow key={row.line}>
                        <TableCell>{row.line}</TableCell>
                        {preview.data.columns.map((_, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                          <TableCell key={i}>{row.cells[i] ?? ''}</TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <Box>
                <Button variant="contained" onClick={() => setStep(1)}>
                  {t('precautionSync.next')}
                </Button>
              </Box>
            </Stack>
          )}
        </Stack>
      )}

      {step === 1 && preview.data && (
        <MappingStep
          data={preview.data}
          columns={columns}
          onColumns={(next) => {
            setColumns(next);
            check.reset();
          }}
          choiceOf={(field, value) => choiceOf(preview.data, field, value)}
          onChoice={(field, value, chosen) => {
            setChoices((c) => ({ ...c, [field]: { ...c[field], [value]: chosen } }));
            check.reset();
          }}
          error={check.error}
          pending={check.isPending}
          onBack={() => setStep(0)}
          onCheck={runCheck}
        />
      )}

      {step === 2 && check.data && (
        <CheckStep
          result={check.data}
          commitError={commit.error}
          pending={commit.isPending}
          onMapping={() => setStep(1)}
          onOtherFile={restart}
          onCommit={runCommit}
        />
      )}

      {step === 3 && commit.data && (
        <Stack spacing={2} data-testid="sync-result">
          <Alert severity="success">{t('precautionSync.resultTitle')}</Alert>
          <Counts
            rows={[
              [t('precautionSync.rows'), commit.data.rowCount],
              [t('precautionSync.created'), commit.data.created],
              [t('precautionSync.updated'), commit.data.updated],
              [t('precautionSync.unchanged'), commit.data.unchanged],
            ]}
          />
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to="/occupational-medicine/precautions" variant="contained">
              {t('precautionSync.toList')}
            </Button>
            <Button onClick={restart}>{t('precautionSync.again')}</Button>
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}

function Counts({ rows }: { rows: [string, number][] }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content max-content', columnGap: 3, rowGap: 0.5 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography color="text.secondary">{label}</Typography>
          <Typography>{formatNumber(value)}</Typography>
        </Box>
      ))}
    </Box>
  );
}

function MappingStep(props: {
  data: SyncPreview;
  columns: Partial<Record<SyncField, number>>;
  onColumns: (next: Partial<Record<SyncField, number>>) => void;
  choiceOf: (field: ValueField, value: string) => string;
  onChoice: (field: ValueField, value: string, chosen: string) => void;
  error: unknown;
  pending: boolean;
  onBack: () => void;
  onCheck: () => void;
}) {
  const { t } = useTranslation();
  const { data, columns } = props;
  const fields = fieldErrors(props.error);
  const options = (field: ValueField): { value: string; label: string }[] => {
    if (field === 'assessment')
      return ASSESSMENT_KINDS.map((k) => ({ value: k, label: t(`occupationalMedicine.assessments.${k}`) }));
    if (field === 'precautionType')
      return PRECAUTION_TYPES.map((k) => ({ value: k, label: t(`occupationalMedicine.types.${k}`) }));
    return data.occasions.map((o) => ({ value: String(o.id), label: o.name }));
  };
  return (
    <Stack spacing={3}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2">
          {t('precautionSync.columnsTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('precautionSync.columnsHint')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
          }}
        >
          {SYNC_FIELDS.map((field) => {
            const error = fields[`mapping.columns.${field}`];
            return (
              <TextField
                key={field}
                select
                size="small"
                label={t(`precautionSync.fields.${field}`)}
                value={columns[field] === undefined ? '' : String(columns[field])}
                error={Boolean(error)}
                helperText={error}
                onChange={(event) => {
                  const next = { ...columns };
                  if (event.target.value === '') delete next[field];
                  else next[field] = Number(event.target.value);
                  props.onColumns(next);
                }}
              >
                <MenuItem value="">{t('precautionSync.notMapped')}</MenuItem>
                {data.columns.map((column, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                  <MenuItem key={i} value={String(i)}>
                    {column}
                  </MenuItem>
                ))}
              </TextField>
            );
          })}
        </Box>
      </Stack>
      {(['assessment', 'occasion', 'precautionType'] as const).map((field) => {
        const column = columns[field];
        if (column === undefined) return null;
        const values = data.distinctValues[column] ?? [];
        const label = t(`precautionSync.fields.${field}`);
        return (
          <Stack key={field} spacing={1.5} data-testid={`sync-values-${field}`}>
            <Typography variant="subtitle1" component="h2">
              {t('precautionSync.valuesTitle', { field: label })}
            </Typography>
            {values.length === 0 ? (
              <Typography variant="body2">{t('precautionSync.noValues')}</Typography>
            ) : (
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                {values.map((value) => (
                  <TextField
                    key={value}
                    select
                    size="small"
                    label={t('precautionSync.valueOf', { value })}
                    value={props.choiceOf(field, value)}
                    onChange={(event) => props.onChoice(field, value, event.target.value)}
                  >
                    <MenuItem value="">{t('precautionSync.notMapped')}</MenuItem>
                    {options(field).map((o) => (
                      <MenuItem key={o.value} value={o.value}>
                        {o.label}
                      </MenuItem>
                    ))}
                  </TextField>
                ))}
              </Box>
            )}
          </Stack>
        );
      })}
      {Boolean(props.error) && (
        <Alert severity="error" role="alert">
          {errorMessage(props.error, t)}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button onClick={props.onBack}>{t('precautionSync.back')}</Button>
        <Button variant="contained" disabled={props.pending} onClick={props.onCheck}>
          {props.pending ? t('precautionSync.checking') : t('precautionSync.check')}
        </Button>
      </Stack>
    </Stack>
  );
}

function CheckStep(props: {
  result: SyncCheck;
  commitError: unknown;
  pending: boolean;
  onMapping: () => void;
  onOtherFile: () => void;
  onCommit: () => void;
}) {
  const { t } = useTranslation();
  const { result } = props;
  const bad = result.errors.length > 0;
  return (
    <Stack spacing={2} data-testid="sync-check">
      <Typography variant="subtitle1" component="h2">
        {t('precautionSync.checkTitle')}
      </Typography>
      {bad ? (
        <>
          <Alert severity="error">{t('precautionSync.badRows', { count: result.errors.length })}</Alert>
          <TableContainer sx={{ maxHeight: 480, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label={t('precautionSync.checkTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('precautionSync.line')}</TableCell>
                  <TableCell>{t('precautionSync.message')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.errors.map((e, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row may have several errors
                  <TableRow key={i}>
                    <TableCell>{e.line}</TableCell>
                    <TableCell>{e.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      ) : (
        <>
          <Alert severity="success">
            {t('precautionSync.allGood', { rows: formatNumber(result.rowCount) })}
          </Alert>
          <Counts
            rows={[
              [t('precautionSync.wouldCreate'), result.counts.created],
              [t('precautionSync.wouldUpdate'), result.counts.updated],
              [t('precautionSync.wouldKeep'), result.counts.unchanged],
            ]}
          />
        </>
      )}
      {Boolean(props.commitError) && (
        <Alert severity="error" role="alert">
          {errorMessage(props.commitError, t)}
          {isApiError(props.commitError) && (props.commitError.details?.length ?? 0) > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {props.commitError.details?.map((d) => (
                // A row with several errors has one path per error: the message tells them apart.
                <li key={`${d.path.join('.')} ${d.message}`}>{d.message}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button onClick={props.onMapping}>{t('precautionSync.toMapping')}</Button>
        <Button onClick={props.onOtherFile}>{t('precautionSync.otherFile')}</Button>
        {!bad && (
          <Button variant="contained" disabled={props.pending} onClick={props.onCommit}>
            {t('precautionSync.commit')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
