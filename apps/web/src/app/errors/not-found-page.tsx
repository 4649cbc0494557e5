import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '#components/full-page-loader.tsx';
import { useCurrentUser } from '#features/auth/api/get-current-user.ts';
import { SessionUserContext } from '#features/auth/session.tsx';
import { MainLayout } from '../layout/main-layout.tsx';
import { ErrorScreen } from './error-screen.tsx';

type Props = {
  fullPage?: boolean;
  /** What is missing, e.g. 'Die Rolle wurde nicht gefunden.' (default: the address does not exist). */
  hint?: string;
  /** A way back besides the link home, e.g. to the list the record was expected in. */
  actions?: ReactNode;
};

/** Not found: status 404 with the spec's sentence and a link home. */
export function NotFoundPage({ fullPage = false, hint, actions }: Props) {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      status={404}
      message={t('errors.notFound')}
      hint={hint ?? t('errors.notFoundHint')}
      actions={actions}
      fullPage={fullPage}
    />
  );
}

/**
 * The route of unknown paths. Signed in, the 404 page shows inside the main layout (drawer, toolbar) like
 * any other missing page; without a session it fills the window (no redirect to /login for a typo).
 */
export function NotFoundRoute() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageLoader />;
  if (!user) return <NotFoundPage fullPage />;
  return (
    <SessionUserContext value={user}>
      <MainLayout>
        <NotFoundPage />
      </MainLayout>
    </SessionUserContext>
  );
}
