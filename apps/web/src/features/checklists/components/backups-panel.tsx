import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Checklist, ChecklistBackup } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { useBackups, useRestoreBackup } from '../api/checklist-tools.ts';

type Props = {
  checklistId: number;
  version: number;
  /** Unsaved changes: restoring would throw them away, so it waits for a save. */
  dirty: boolean;
  canRestore: boolean;
  onRestored: (checklist: Checklist) => void;
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'short' });

/** The backups of a checklist (its state before each save) and restoring one. */
export function BackupsPanel({ checklistId, version, dirty, canRestore, onRestored }: Props) {
  const { t } = useTranslation();
  const backups = useBackups(checklistId, true);
  const restore = useRestoreBackup(checklistId);
  const [chosen, setChosen] = useState<ChecklistBackup | null>(null);
  const rows = backups.data ?? [];
  return (
    <>
      {rows.length === 0 ? (
        <Typography>{t('checklists.backups.none')}</Typography>
      ) : (
        <Table size="small" aria-label={t('checklists.backups.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('checklists.backups.savedAt')}</TableCell>
              <TableCell>{t('checklists.backups.by')}</TableCell>
              <TableCell>{t('checklists.fields.label')}</TableCell>
              <TableCell>{t('checklists.columns.cells')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((b) => (
              <TableRow key={b.id}>
                <TableCell>{when(b.createdAt)}</TableCell>
                <TableCell>{b.createdBy ?? '–'}</TableCell>
                <TableCell>{b.label}</TableCell>
                <TableCell>{b.cellCount}</TableCell>
                <TableCell>
                  {canRestore && (
                    <Button
                      size="small"
                      disabled={dirty}
                      onClick={() => {
                        restore.reset();
                        setChosen(b);
                      }}
                      aria-label={t('checklists.backups.restoreNamed', { when: when(b.createdAt) })}
                    >
                      {t('checklists.backups.restore')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {backups.error && (
        <Alert severity="error" role="alert">
          {errorMessage(backups.error, t)}
        </Alert>
      )}
      <ConfirmDialog
        open={chosen !== null}
        title={t('checklists.backups.confirmTitle')}
        text={t('checklists.backups.confirmText', { when: chosen ? when(chosen.createdAt) : '' })}
        confirmLabel={t('checklists.backups.restore')}
        error={restore.error}
        pending={restore.isPending}
        onClose={() => setChosen(null)}
        onConfirm={() =>
          chosen &&
          restore.mutate(
            { backupId: chosen.id, version },
            {
              onSuccess: (c) => {
                setChosen(null);
                onRestored(c);
              },
            },
          )
        }
      />
    </>
  );
}
