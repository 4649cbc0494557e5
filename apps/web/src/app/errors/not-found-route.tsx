import { NotFoundPage } from '#components/error-screen/not-found-page.tsx';
import { FullPageLoader } from '#components/full-page-loader.tsx';
import { useCurrentUser } from '#lib/session/get-current-user.ts';
import { SessionUserContext } from '#lib/session/session.tsx';
import { MainLayout } from '../layout/main-layout.tsx';

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
