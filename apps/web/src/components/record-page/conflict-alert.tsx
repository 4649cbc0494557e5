import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** After a stale save: the record changed meanwhile; the form keeps its content and offers 'Neu laden'. */
export function ConflictAlert({ message, onReload }: { message: string; onReload: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      data-testid="conflict-alert"
      action={
        <Button color="inherit" size="small" onClick={() => void onReload()}>
          {t('common.reload')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
