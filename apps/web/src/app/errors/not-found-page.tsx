import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './error-screen.tsx';

/** Unknown route: status 404 with the spec's sentence and a link home. */
export function NotFoundPage({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      status={404}
      message={t('errors.notFound')}
      hint={t('errors.notFoundHint')}
      fullPage={fullPage}
    />
  );
}

export function NotFoundRoute() {
  return <NotFoundPage fullPage />;
}
