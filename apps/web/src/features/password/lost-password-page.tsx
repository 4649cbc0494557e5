import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '#i18n/i18n.ts';
import { useLostPassword } from './api/lost-password.ts';

/**
 * 'Passwort vergessen?' (public): asks for the user name. The answer is the same whether or not the user
 * exists; the server mails a generated password valid 2 hours to an active user with an e-mail address.
 */
export function LostPasswordPage() {
  const { t } = useTranslation();
  const mutation = useLostPassword();
  const [username, setUsername] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = username.trim() === '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing) return;
    mutation.mutate({ username: username.trim() });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="lost-password-heading">
      <Stack spacing={2.5}>
        <Typography id="lost-password-heading" variant="h1" sx={{ fontSize: '1.5rem', textAlign: 'center' }}>
          {t('password.lost.title')}
        </Typography>
        {mutation.isSuccess ? (
          <Alert severity="success" role="status">
            {mutation.data}
          </Alert>
        ) : (
          <>
            <Typography variant="body2">{t('password.lost.intro')}</Typography>
            {mutation.error ? (
              <Alert severity="error" role="alert">
                {errorMessage(mutation.error, t)}
              </Alert>
            ) : null}
            <TextField
              label={t('password.lost.username')}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              onBlur={() => setTouched(true)}
              autoComplete="username"
              autoFocus
              required
              disabled={mutation.isPending}
              error={touched && missing}
              helperText={touched && missing ? t('password.lost.usernameRequired') : undefined}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={mutation.isPending}
              startIcon={mutation.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {t('password.lost.submit')}
            </Button>
          </>
        )}
        <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }}>
          {t('password.lost.back')}
        </Link>
      </Stack>
    </Box>
  );
}
