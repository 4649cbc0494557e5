import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SdsImportResult } from '@schutzwerk/shared/substances/sds.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { useImportSds } from '../api/sds.ts';

type Props = { open: boolean; onClose: () => void; onImported: (result: SdsImportResult) => void };

/** „Aus Sicherheitsdatenblatt anlegen“: choose a supplier's SDS PDF; the server reads it and creates the substance. */
export function SdsImportDialog({ open, onClose, onImported }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputId = useId();
  const importSds = useImportSds();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const close = () => {
    importSds.reset();
    setFile(null);
    setMissing(false);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) {
            setMissing(true);
            return;
          }
          importSds.mutate(file, {
            onSuccess: (result) => {
              setFile(null);
              onImported(result);
            },
          });
        }}
      >
        <DialogTitle id={titleId}>{t('substances.sds.importTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2">{t('substances.sds.importHint')}</Typography>
            {importSds.error && (
              <Alert severity="error" role="alert">
                {errorMessage(importSds.error, t)}
              </Alert>
            )}
            {missing && !file && (
              <Alert severity="error" role="alert">
                {t('substances.sds.chooseFile')}
              </Alert>
            )}
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button component="label" htmlFor={inputId} variant="outlined">
                {t('substances.sds.pickFile')}
                <input
                  id={inputId}
                  type="file"
                  accept="application/pdf,.pdf"
                  hidden
                  data-testid="sds-file-input"
                  onChange={(e) => {
                    importSds.reset();
                    setFile(e.target.files?.[0] ?? null);
                  }}
                />
              </Button>
              <Typography variant="body2" data-testid="sds-file-name">
                {file ? file.name : t('substances.sds.noFile')}
              </Typography>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={importSds.isPending}>
            {t('substances.sds.read')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
