import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  ImportPreview,
  ImportSeparator,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { formatNumber } from '#lib/format.ts';
import { useUploadImportFile } from '../api/upload-import-file.ts';

const SEPARATORS: { value: ImportSeparator; key: string }[] = [
  { value: ';', key: 'semicolon' },
  { value: ',', key: 'comma' },
  { value: '\t', key: 'tab' },
  { value: '|', key: 'pipe' },
];

const ENCODING_NAMES = { 'utf-8': 'UTF-8', 'windows-1252': 'Windows-1252' } as const;

type Props = {
  preview: ImportPreview | null;
  onPreview: (preview: ImportPreview | null) => void;
  onNext: () => void;
};

/** Step 1: the file, its separator and header row, then the preview of the first rows. */
export function FileStep({ preview, onPreview, onNext }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [separator, setSeparator] = useState<ImportSeparator>(';');
  const [hasHeader, setHasHeader] = useState(true);
  const upload = useUploadImportFile();

  const changed = (apply: () => void) => {
    apply();
    onPreview(null);
    upload.reset();
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="outlined" onClick={() => input.current?.click()}>
          {t('employeeImport.chooseFile')}
        </Button>
        <input
          ref={input}
          data-testid="import-file-input"
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(event) => changed(() => setFile(event.target.files?.[0] ?? null))}
        />
        <Box>
          <Typography>{file ? file.name : t('employeeImport.noFile')}</Typography>
          <Typography variant="caption" color="text.secondary">
            {t('employeeImport.fileHint')}
          </Typography>
        </Box>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label={t('employeeImport.separator')}
          value={separator}
          onChange={(event) => changed(() => setSeparator(event.target.value as ImportSeparator))}
          sx={{ minWidth: 240 }}
          size="small"
        >
          {SEPARATORS.map((s) => (
            <MenuItem key={s.key} value={s.value}>
              {t(`employeeImport.separators.${s.key}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              checked={hasHeader}
              onChange={(event) => changed(() => setHasHeader(event.target.checked))}
            />
          }
          label={t('employeeImport.hasHeader')}
        />
        <Button
          variant="contained"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          disabled={!file || upload.isPending}
          onClick={() =>
            file &&
            upload.mutate({ file, separator, hasHeader }, { onSuccess: (result) => onPreview(result) })
          }
        >
          {t('employeeImport.loadPreview')}
        </Button>
      </Stack>
      {upload.isError ? <Alert severity="error">{errorMessage(upload.error, t)}</Alert> : null}
      {preview ? (
        <Stack spacing={1}>
          <Typography variant="subtitle1">{t('employeeImport.previewTitle')}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="import-preview-info">
            {t('employeeImport.previewInfo', {
              fileName: preview.fileName,
              rows: formatNumber(preview.rowCount),
              columns: preview.columnCount,
              encoding: ENCODING_NAMES[preview.encoding],
            })}
          </Typography>
          <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label={t('employeeImport.previewTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('employeeImport.line')}</TableCell>
                  {preview.columns.map((column, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                    <TableCell key={i}>{column}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.rows.map((row) => (
                  <TableRow key={row.line}>
                    <TableCell>{row.line}</TableCell>
                    {preview.columns.map((_, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                      <TableCell key={i} sx={{ whiteSpace: 'pre-wrap' }}>
                        {row.cells[i] ?? ''}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Box>
            <Button variant="contained" onClick={onNext}>
              {t('employeeImport.next')}
            </Button>
          </Box>
        </Stack>
      ) : null}
    </Stack>
  );
}
