import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ResetPassword } from '@schutzwerk/shared/auth/auth.schema.ts';
import { DIALOG_MAX_WIDTH } from '@schutzwerk/shared/constants.ts';
import type { Employee } from '@schutzwerk/shared/employees/employee.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { api } from '#lib/api-client.ts';
import { formatDateTime } from '#lib/format.ts';

type ResetResult = { password: string | null; validUntil: string; mailedTo: string | null; version: number };

async function resetPassword(id: number, input: ResetPassword): Promise<ResetResult> {
  return (await api.post<{ data: ResetResult }>(`employee/${id}/resetPassword`, input)).data;
}

/**
 * 'Passwort zurücksetzen': a generated password valid 2 hours, shown once to hand over in person or
 * mailed to the employee. The old password stops working; the employee sets a new one at sign-in.
 */
export function ResetPasswordDialog({
  employee,
  onClose,
  onDone,
}: {
  employee: Employee;
  onClose: () => void;
  /** After the reset: the record's version changed (the page reloads it). */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const email = employee.email?.trim() ?? '';
  const [delivery, setDelivery] = useState<ResetPassword['delivery']>(email ? 'mail' : 'show');
  const reset = useMutation({
    mutationFn: (input: ResetPassword) => resetPassword(employee.id, input),
    onSuccess: () => onDone(),
  });
  const result = reset.data;

  return (
    <Dialog
      open
      onClose={() => !reset.isPending && onClose()}
      aria-labelledby="reset-password-title"
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH, width: '100%' } } }}
    >
      <DialogTitle id="reset-password-title">{t('employee.resetPassword.title')}</DialogTitle>
      <DialogContent>
        {result ? (
          <Stack spacing={2} sx={{ pt: 1 }} data-testid="reset-password-result">
            {result.password ? (
              <>
                <DialogContentText>{t('employee.resetPassword.showText')}</DialogContentText>
                <Box
                  sx={{
                    fontFamily: 'monospace',
                    fontSize: '1.4rem',
                    letterSpacing: 1,
                    p: 2,
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                    textAlign: 'center',
                    userSelect: 'all',
                  }}
                  aria-label={t('employee.resetPassword.generated')}
                  data-testid="generated-password"
                >
                  {result.password}
                </Box>
              </>
            ) : (
              <Alert severity="success">
                {t('employee.resetPassword.mailed', { email: result.mailedTo })}
              </Alert>
            )}
            <Typography variant="body2">
              {t('employee.resetPassword.validUntil', { at: formatDateTime(result.validUntil) })}
            </Typography>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{t('employee.resetPassword.text')}</DialogContentText>
            <RadioGroup
              value={delivery}
              onChange={(event) => setDelivery(event.target.value as ResetPassword['delivery'])}
              aria-label={t('employee.resetPassword.delivery')}
            >
              <FormControlLabel
                value="mail"
                control={<Radio />}
                disabled={!email}
                label={
                  email
                    ? t('employee.resetPassword.byMail', { email })
                    : t('employee.resetPassword.byMailNoAddress')
                }
              />
              <FormControlLabel
                value="show"
                control={<Radio />}
                label={t('employee.resetPassword.inPerson')}
              />
            </RadioGroup>
            {reset.error ? (
              <Alert severity="error" role="alert">
                {errorMessage(reset.error, t)}
              </Alert>
            ) : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {result ? (
          <Button variant="contained" onClick={onClose}>
            {t('employee.resetPassword.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={reset.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="contained"
              color="warning"
              disabled={reset.isPending}
              onClick={() => reset.mutate({ version: employee.version, delivery })}
            >
              {t('employee.resetPassword.confirm')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
