import LockOpenIcon from '@mui/icons-material/LockOpen';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { useUnlock } from '../api/protection.ts';

/** The password prompt of a protected checklist (the server checks the password). */
export function UnlockForm({ checklistId, label }: { checklistId: number; label: string }) {
  const { t } = useTranslation();
  const unlock = useUnlock(checklistId);
  const [password, setPassword] = useState('');
  const [empty, setEmpty] = useState(false);
  return (
    <Paper sx={{ p: 2, maxWidth: 480 }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setEmpty(password === '');
          if (password !== '') unlock.mutate(password);
        }}
      >
        <Stack spacing={2}>
          <Typography>{t('checklists.protection.prompt', { label })}</Typography>
          {unlock.error && (
            <Alert severity="error" role="alert">
              {errorMessage(unlock.error, t)}
            </Alert>
          )}
          <TextField
            type="password"
            required
            autoFocus
            autoComplete="off"
            label={t('checklists.protection.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={empty}
            helperText={empty ? t('checklists.protection.passwordMissing') : undefined}
          />
          <Stack direction="row">
            <Button
              type="submit"
              variant="contained"
              startIcon={<LockOpenIcon />}
              disabled={unlock.isPending}
            >
              {t('checklists.protection.unlock')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}
