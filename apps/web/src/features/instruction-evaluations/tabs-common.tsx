import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { saveBlob } from '#lib/api-client.ts';
import { formatNumber } from '#lib/format.ts';

/** Pieces shared by the tabs „Stammdaten“, „Mitarbeiterinfo“ and „Profile“ (decision 076). */

export const percent = (v: number | null) =>
  v === null ? '–' : `${formatNumber(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;

type Download = (format: 'xlsx' | 'pdf') => Promise<{ blob: Blob; fileName: string | null }>;

/** A titled table section with „XLSX“ and „Drucken“ (PDF through the report engine). */
export function TabSection(props: {
  title: string;
  testId: string;
  download?: Download | undefined;
  fallbackName: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { title, download, fallbackName } = props;
  const run = useMutation({
    mutationFn: (format: 'xlsx' | 'pdf') => (download ? download(format) : Promise.reject(new Error())),
    onSuccess: ({ blob, fileName }, format) => saveBlob(blob, fileName ?? `${fallbackName}.${format}`),
  });
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1 }}
      data-testid={props.testId}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {download && (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              disabled={run.isPending}
              onClick={() => run.mutate('xlsx')}
              aria-label={t('instructionEvaluations.exportOf', { table: title })}
            >
              {t('instructionEvaluations.export')}
            </Button>
            <Button
              size="small"
              startIcon={<PrintIcon />}
              disabled={run.isPending}
              onClick={() => run.mutate('pdf')}
              aria-label={t('instructionEvaluations.printOf', { table: title })}
            >
              {t('instructionEvaluations.print')}
            </Button>
          </Stack>
        )}
      </Box>
      {run.error && (
        <Alert severity="error" role="alert">
          {errorMessage(run.error, t)}
        </Alert>
      )}
      {props.children}
    </Paper>
  );
}
