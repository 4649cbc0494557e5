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
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { PasswordPolicyBox } from '#features/password/index.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useChangePassword } from '../api/change-password.ts';
import { type ChangePasswordFormValues, changePasswordFormSchema } from './change-password-schema.ts';

type FormValues = ChangePasswordFormValues;
const EMPTY: FormValues = { currentPassword: '', newPassword: '', repeatPassword: '' };

type Props = { open: boolean; onClose: () => void };

/**
 * Change-password dialog (spec shell §5.3). The form mounts with the dialog, so it starts empty on every
 * opening. While the request runs the dialog cannot be closed (Escape, backdrop and 'Abbrechen' wait).
 */
export function ChangePasswordDialog({ open, onClose }: Props) {
  const mutation = useChangePassword();
  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="change-password-title"
      aria-busy={mutation.isPending}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH } } }}
    >
      <ChangePasswordForm
        mutation={mutation}
        onClose={close}
        onDone={() => {
          mutation.reset();
          onClose();
        }}
      />
    </Dialog>
  );
}

function ChangePasswordForm({
  mutation,
  onClose,
  onDone,
}: {
  mutation: ReturnType<typeof useChangePassword>;
  /** 'Abbrechen' (ignored while the request runs). */
  onClose: () => void;
  /** The password was changed. */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const schema = useMemo(() => changePasswordFormSchema(t), [t]);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const { errors, isValid } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });

  // The server's field messages (e.g. the password policy) go to their fields as well.
  const { setError } = form;
  useEffect(() => {
    const fields = fieldErrors(mutation.error);
    if (fields.newPassword) setError('newPassword', { type: 'server', message: fields.newPassword });
    if (fields.currentPassword)
      setError('currentPassword', { type: 'server', message: fields.currentPassword });
  }, [mutation.error, setError]);

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
          onDone();
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
          <PasswordPolicyBox password={newPassword} />
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
