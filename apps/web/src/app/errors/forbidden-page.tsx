import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '#components/error-screen/error-screen.tsx';

/** The permission-denied screen: 'Keine Berechtigung.' with status 403 (spec shell §2.4). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return <ErrorScreen status={403} message={t('errors.forbidden')} hint={t('errors.forbiddenHint')} />;
}
