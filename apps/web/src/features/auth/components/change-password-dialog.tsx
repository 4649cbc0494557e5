import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DIALOG_MAX_WIDTH } from '@schutzwerk/shared/constants.ts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { useChangePassword } from '../api/change-password.ts';
import { type ChangePasswordFormValues, changePasswordFormSchema } from './change-password-schema.ts';

type FormValues = ChangePasswordFormValues;
const EMPTY: FormValues = { currentPassword: '', newPassword: '', repeatPassword: '' };

type Props = { open: boolean; onClose: () => void };

/** Change-password dialog (spec shell §5.3). The form mounts with the dialog, so it starts empty on every opening. */
export function ChangePasswordDialog({ open, onClose }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="change-password-title"
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH } } }}
    >
      <ChangePasswordForm onClose={onClose} />
    </Dialog>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const mutation = useChangePassword();
  const schema = useMemo(() => changePasswordFormSchema(t), [t]);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const { errors, isValid } = form.formState;

  const close = () => {
    if (mutation.isPending) return;
    // Cleared when the dialog closes as well (spec shell §5.3).
    form.reset(EMPTY);
    onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          onClose();
          notify(t('changePassword.success'));
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogTitle id="change-password-title">{t('changePassword.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {mutation.error ? (
            <Alert severity="error" role="alert">
              {errorMessage(mutation.error, t)}
            </Alert>
          ) : null}
          <TextField
            {...form.register('currentPassword')}
            label={t('changePassword.current')}
            type="password"
            autoComplete="current-password"
            autoFocus
            disabled={mutation.isPending}
            slotProps={{ htmlInput: { 'aria-required': true } }}
            error={Boolean(errors.currentPassword)}
            helperText={errors.currentPassword?.message}
          />
          <TextField
            {...form.register('newPassword', { deps: ['repeatPassword'] })}
            label={t('changePassword.new')}
            type="password"
            autoComplete="new-password"
            disabled={mutation.isPending}
            slotProps={{ htmlInput: { 'aria-required': true } }}
            error={Boolean(errors.newPassword)}
            helperText={errors.newPassword?.message}
          />
          <TextField
            {...form.register('repeatPassword')}
            label={t('changePassword.repeat')}
            type="password"
            autoComplete="new-password"
            disabled={mutation.isPending}
            slotProps={{ htmlInput: { 'aria-required': true } }}
            error={Boolean(errors.repeatPassword)}
            helperText={errors.repeatPassword?.message}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={mutation.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!isValid || mutation.isPending}
          startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('changePassword.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
