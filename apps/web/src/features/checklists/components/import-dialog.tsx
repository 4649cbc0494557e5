import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type ChecklistExport,
  checklistExportSchema,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { useImportChecklist } from '../api/checklist-tools.ts';
import { ChecklistPreview } from './checklist-preview.tsx';

type Props = { open: boolean; onClose: () => void; onImported: (id: number) => void };

/** Issues of a failed check as 'checklist.cells.0.element.label: message' lines. */
const linesOf = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  issues
    .slice(0, 20)
    .map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message));

/**
 * Import of an exported checklist (JSON file): the file is checked in the browser with the server's rules and
 * previewed; „Importieren“ creates it (the server checks again).
 */
export function ImportDialog({ open, onClose, onImported }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputId = useId();
  const importing = useImportChecklist();
  const [content, setContent] = useState<string | null>(null);
  const [parsed, setParsed] = useState<ChecklistExport | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const close = () => {
    setContent(null);
    setParsed(null);
    setProblems([]);
    importing.reset();
    onClose();
  };
  const read = async (file: File | undefined) => {
    importing.reset();
    setParsed(null);
    setProblems([]);
    if (!file) return;
    const text = await file.text();
    setContent(text);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      setProblems([t('checklists.import.notJson')]);
      return;
    }
    const checked = checklistExportSchema.safeParse(json);
    if (checked.success) setParsed(checked.data);
    else setProblems(linesOf(checked.error.issues));
  };
  const serverProblems =
    importing.error && isApiError(importing.error) && Array.isArray(importing.error.details)
      ? linesOf(importing.error.details as { path: PropertyKey[]; message: string }[])
      : [];
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('checklists.import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t('checklists.import.hint')}</Typography>
          <label htmlFor={inputId}>
            <Typography component="span" sx={{ mr: 1 }}>
              {t('checklists.import.file')}
            </Typography>
            <input
              id={inputId}
              type="file"
              accept="application/json,.json"
              data-testid="import-file"
              onChange={(e) => void read(e.target.files?.[0])}
            />
          </label>
          {(problems.length > 0 || importing.error) && (
            <Alert severity="error" role="alert">
              {importing.error ? errorMessage(importing.error, t) : t('checklists.import.invalid')}
              <ul>
                {[...problems, ...serverProblems].map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Alert>
          )}
          {parsed && <ChecklistPreview {...parsed.checklist} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('checklists.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!parsed || content === null || importing.isPending}
          onClick={() =>
            content !== null &&
            importing.mutate(content, {
              onSuccess: (c) => {
                close();
                onImported(c.id);
              },
            })
          }
        >
          {t('checklists.import.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
