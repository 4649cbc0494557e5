import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { checkPassword, describePasswordPolicy } from '@schutzwerk/shared/auth/password-policy.ts';
import { useTranslation } from 'react-i18next';
import { usePasswordPolicy } from '../api/get-password-policy.ts';

/**
 * The password policy next to a password field, with a live check of what is typed. The browser checks
 * the policy only; the list of common passwords stays on the server (decision 012).
 */
export function PasswordPolicyBox({ password }: { password: string }) {
  const { t } = useTranslation();
  const { data: policy } = usePasswordPolicy();
  if (!policy) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('password.policy.loading')}
      </Typography>
    );
  }
  const violations = password === '' ? [] : checkPassword(password, policy);
  return (
    <Box
      component="section"
      data-testid="password-policy"
      sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 2, py: 1 }}
    >
      <Typography variant="subtitle2">{t('password.policy.title')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {describePasswordPolicy(policy).map((line) => (
          <Typography component="li" variant="body2" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
      {password !== '' ? (
        violations.length > 0 ? (
          <Alert severity="warning" sx={{ mt: 1 }} role="status" data-testid="password-violations">
            <strong>{t('password.policy.violations')}:</strong>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {violations.map((v) => (
                <li key={v}>{v}</li>
              ))}
            </Box>
          </Alert>
        ) : (
          <Alert severity="success" sx={{ mt: 1 }} role="status">
            {t('password.policy.fulfilled')}
          </Alert>
        )
      ) : null}
    </Box>
  );
}
