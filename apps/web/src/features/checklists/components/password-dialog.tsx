import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { checklistPasswordSchema } from '@schutzwerk/shared/audits/audits.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { useProtection, useSetPassword } from '../api/protection.ts';

/** The builder's „Passwortschutz“ button and dialog: set, change or remove the checklist's password. */
export function PasswordButton({ checklistId }: { checklistId: number }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const protection = useProtection(checklistId);
  const setPassword = useSetPassword(checklistId);
  const [open, setOpen] = useState(false);
  const [password, setPasswordText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setPasswordText('');
    setProblem(null);
    setPassword.reset();
  };
  const apply = (value: string | null) => {
    const checked = checklistPasswordSchema.safeParse({ password: value });
    setProblem(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (!checked.success) return;
    setPassword.mutate(value, {
      onSuccess: () => {
        notify(value === null ? t('checklists.protection.removed') : t('checklists.protection.set'));
        close();
      },
    });
  };
  const isProtected = protection.data?.passwordProtected ?? false;
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={!protection.data}>
        {isProtected ? t('checklists.protection.change') : t('checklists.protection.button')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            apply(password);
          }}
        >
          <DialogTitle id={titleId}>{t('checklists.protection.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography variant="body2">
                {isProtected
                  ? t('checklists.protection.isProtected')
                  : t('checklists.protection.notProtected')}
              </Typography>
              {setPassword.error && (
                <Alert severity="error" role="alert">
                  {errorMessage(setPassword.error, t)}
                </Alert>
              )}
              <TextField
                type="password"
                autoComplete="new-password"
                label={t('checklists.protection.newPassword')}
                value={password}
                onChange={(e) => setPasswordText(e.target.value)}
                error={problem !== null}
                helperText={problem}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            {isProtected && (
              <Button color="warning" onClick={() => apply(null)} disabled={setPassword.isPending}>
                {t('checklists.protection.remove')}
              </Button>
            )}
            <Button onClick={close}>{t('checklists.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={setPassword.isPending}>
              {t('checklists.protection.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
