import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DIALOG_MAX_WIDTH } from '@schutzwerk/shared/constants.ts';
import { type CreateRole, createRoleSchema, type Role } from '@schutzwerk/shared/roles/role.schema.ts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useCreateRole } from '../api/create-role.ts';

const formSchema = createRoleSchema.pick({ name: true, description: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

type Props = { open: boolean; onClose: () => void; onCreated: (role: Role) => void };

export function CreateRoleDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const mutation = useCreateRole();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', description: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  const close = () => {
    if (mutation.isPending) return;
    onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    const input: CreateRole = { name: values.name, description: values.description };
    mutation.mutate(input, {
      onSuccess: (role) => onCreated(role),
      // 'Name bereits vergeben' and the like go to their field; the alert shows the server's message.
      onError: (error) => {
        const fields = fieldErrors(error);
        if (fields.name) form.setError('name', { type: 'server', message: fields.name });
        if (fields.description) form.setError('description', { type: 'server', message: fields.description });
      },
    });
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="create-role-title"
      slotProps={{
        paper: { sx: { maxWidth: DIALOG_MAX_WIDTH } },
        transition: {
          onExited: () => {
            form.reset();
            mutation.reset();
          },
        },
      }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="create-role-title">{t('roles.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {mutation.error ? (
              <Alert severity="error" role="alert">
                {errorMessage(mutation.error, t)}
              </Alert>
            ) : null}
            <TextField
              {...form.register('name')}
              label={t('roles.name')}
              autoFocus
              disabled={mutation.isPending}
              error={Boolean(errors.name)}
              helperText={errors.name?.message}
              slotProps={{ htmlInput: { 'aria-required': true, maxLength: 100 } }}
            />
            <TextField
              {...form.register('description')}
              label={t('roles.description')}
              multiline
              minRows={2}
              disabled={mutation.isPending}
              error={Boolean(errors.description)}
              helperText={errors.description?.message}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={mutation.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('roles.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
