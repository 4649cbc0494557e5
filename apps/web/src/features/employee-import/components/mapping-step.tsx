import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  IMPORT_FIELDS,
  type ImportCheck,
  type ImportFieldKey,
  type ImportMapping,
  type ImportMode,
  type ImportPreview,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { formatNumber } from '#lib/format.ts';
import { useImportPortals } from '../api/get-import-portals.ts';

/** Bad rows shown at once; the check answers all of them. */
const MAX_BAD_ROWS_SHOWN = 500;
const NONE = '';

export type MappingState = { mapping: ImportMapping; portalId: number | null; mode: ImportMode };

type Props = {
  preview: ImportPreview;
  state: MappingState;
  onChange: (state: MappingState) => void;
  check: { data: ImportCheck | undefined; error: unknown; pending: boolean; outdated: boolean };
  onCheck: () => void;
  skipBadRows: boolean;
  onSkipBadRows: (value: boolean) => void;
  onBack: () => void;
  onStart: () => void;
};

/** Step 2: columns → fields, target portal, mode; „Daten prüfen“ lists every bad row. */
export function MappingStep(props: Props) {
  const { t } = useTranslation();
  const { preview, state, onChange, check } = props;
  const portals = useImportPortals();

  const setColumn = (key: ImportFieldKey, value: string) =>
    onChange({ ...state, mapping: { ...state.mapping, [key]: value === NONE ? null : Number(value) } });

  const fieldSelect = (field: (typeof IMPORT_FIELDS)[number]) => (
    <TextField
      key={field.key}
      select
      size="small"
      required={field.required}
      label={field.label}
      value={state.mapping[field.key] ?? NONE}
      onChange={(event) => setColumn(field.key, event.target.value)}
      slotProps={{ select: { SelectDisplayProps: { 'aria-label': field.label } as object } }}
    >
      <MenuItem value={NONE}>{t('employeeImport.notImported')}</MenuItem>
      {preview.columns.map((column, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
        <MenuItem key={i} value={String(i)}>
          {column}
        </MenuItem>
      ))}
    </TextField>
  );

  const data = check.data;
  const canStart =
    data !== undefined &&
    !check.outdated &&
    !data.licenceExceeded &&
    data.validCount > 0 &&
    (data.badRows.length === 0 || props.skipBadRows);

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1">{t('employeeImport.mappingTitle')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('employeeImport.mappingHint')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {IMPORT_FIELDS.filter((f) => f.required).map(fieldSelect)}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('employeeImport.passwordHint')}
      </Typography>
      <Typography variant="subtitle2">{t('employeeImport.moreFields')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {IMPORT_FIELDS.filter((f) => !f.required).map(fieldSelect)}
      </Box>

      <TextField
        select
        required
        size="small"
        label={t('employeeImport.portal')}
        value={state.portalId ?? NONE}
        onChange={(event) => onChange({ ...state, portalId: Number(event.target.value) || null })}
        sx={{ maxWidth: 520 }}
        helperText={(() => {
          const portal = portals.data?.find((p) => p.id === state.portalId);
          if (!portal) return undefined;
          return portal.licensedEmployees === null
            ? t('employeeImport.portalUnlimited', { active: formatNumber(portal.activeEmployees) })
            : t('employeeImport.portalLicence', {
                active: formatNumber(portal.activeEmployees),
                licensed: formatNumber(portal.licensedEmployees),
              });
        })()}
      >
        {(portals.data ?? []).map((portal) => (
          <MenuItem key={portal.id} value={portal.id}>
            {portal.name}
          </MenuItem>
        ))}
      </TextField>
      {portals.isError ? <Alert severity="error">{errorMessage(portals.error, t)}</Alert> : null}

      <FormControl>
        <FormLabel id="import-mode-label">{t('employeeImport.mode')}</FormLabel>
        <RadioGroup
          aria-labelledby="import-mode-label"
          value={state.mode}
          onChange={(event) => onChange({ ...state, mode: event.target.value as ImportMode })}
        >
          <FormControlLabel value="append" control={<Radio />} label={t('employeeImport.modeAppend')} />
          <FormControlLabel
            value="deactivateOthers"
            control={<Radio />}
            label={t('employeeImport.modeDeactivateOthers')}
          />
        </RadioGroup>
        {state.mode === 'deactivateOthers' ? (
          <Typography variant="body2" color="text.secondary">
            {t('employeeImport.modeDeactivateHint')}
          </Typography>
        ) : null}
      </FormControl>

      <Stack direction="row" spacing={1}>
        <Button onClick={props.onBack}>{t('employeeImport.back')}</Button>
        <Button variant="contained" onClick={props.onCheck} disabled={check.pending}>
          {t('employeeImport.check')}
        </Button>
      </Stack>
      {check.error ? <Alert severity="error">{errorMessage(check.error, t)}</Alert> : null}
      {data && check.outdated ? <Alert severity="info">{t('employeeImport.checkOutdated')}</Alert> : null}
      {data && !check.outdated ? (
        <Stack spacing={1.5} data-testid="import-check-result">
          <Typography>
            {t('employeeImport.checkSummary', {
              rows: formatNumber(data.rowCount),
              valid: formatNumber(data.validCount),
              bad: formatNumber(data.badRows.length),
            })}
          </Typography>
          <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
            <Count label={t('employeeImport.toCreate')} value={data.toCreate} />
            <Count label={t('employeeImport.toUpdate')} value={data.toUpdate} />
            <Count label={t('employeeImport.unchanged')} value={data.unchanged} />
            <Count label={t('employeeImport.toInactivate')} value={data.toInactivate} />
          </Stack>
          {data.licenceExceeded ? (
            <Alert severity="error">
              {data.licenceMessage ??
                t('employeeImport.licenceExceeded', {
                  active: formatNumber(data.activeAfter),
                  licensed: formatNumber(data.licensedEmployees ?? 0),
                })}
            </Alert>
          ) : null}
          {data.badRows.length === 0 ? (
            <Alert severity="success">{t('employeeImport.noBadRows')}</Alert>
          ) : (
            <>
              <Typography variant="subtitle2">{t('employeeImport.badRowsTitle')}</Typography>
              <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <Table size="small" stickyHeader aria-label={t('employeeImport.badRowsTitle')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('employeeImport.line')}</TableCell>
                      <TableCell>{t('employeeImport.personnelNumber')}</TableCell>
                      <TableCell>{t('employeeImport.reason')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.badRows.slice(0, MAX_BAD_ROWS_SHOWN).map((row) => (
                      <TableRow key={row.line}>
                        <TableCell>{row.line}</TableCell>
                        <TableCell>{row.personnelNumber ?? ''}</TableCell>
                        <TableCell>{row.reasons.join(' ')}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              {data.badRows.length > MAX_BAD_ROWS_SHOWN ? (
                <Typography variant="body2">
                  {t('employeeImport.moreBadRows', { count: data.badRows.length - MAX_BAD_ROWS_SHOWN })}
                </Typography>
              ) : null}
              <FormControlLabel
                control={
                  <Checkbox
                    checked={props.skipBadRows}
                    onChange={(e) => props.onSkipBadRows(e.target.checked)}
                  />
                }
                label={t('employeeImport.skipBadRows')}
              />
            </>
          )}
          <Box>
            <Button variant="contained" color="primary" disabled={!canStart} onClick={props.onStart}>
              {t('employeeImport.start')}
            </Button>
          </Box>
        </Stack>
      ) : null}
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6">{formatNumber(value)}</Typography>
    </Box>
  );
}
