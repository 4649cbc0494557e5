import BusinessIcon from '@mui/icons-material/Business';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { SSO_ERROR_PARAM } from '@schutzwerk/shared/constants.ts';
import { isErrorCode } from '@schutzwerk/shared/errors.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSsoStatus } from '../api/get-sso-status.ts';

/**
 * The single sign-on part of the login page: the reason a sign-in through the provider failed (the
 * server sends the browser back with `?ssoError=CODE`), and the button, shown only when SSO is configured.
 * The button is a plain link: the server answers it with a redirect to the provider.
 */
export function SsoSignIn({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { data: status } = useSsoStatus();
  const code = searchParams.get(SSO_ERROR_PARAM);
  const redirect = searchParams.get('redirect');
  const start = `/api/auth/sso/start${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
  return (
    <>
      {code ? (
        <Alert severity="error" role="alert" data-testid="sso-error">
          {isErrorCode(code) ? t(`apiErrors.${code}`) : t('sso.failed')}
        </Alert>
      ) : null}
      {status?.enabled ? (
        <>
          <Divider>{t('sso.or')}</Divider>
          <Button
            component="a"
            href={start}
            variant="outlined"
            size="large"
            startIcon={<BusinessIcon />}
            disabled={disabled}
          >
            {status.label}
          </Button>
        </>
      ) : null}
    </>
  );
}
