import { Navigate, Outlet, useSearchParams } from 'react-router';
import { FullPageLoader } from '#components/full-page-loader.tsx';
import { useCurrentUser } from '#lib/session/get-current-user.ts';
import { safeRedirectTarget } from '#lib/session/session.tsx';

/** Guard of guest pages (/login): a signed-in user goes to the remembered page or home. */
export function GuestOnly() {
  const [searchParams] = useSearchParams();
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageLoader />;
  if (user) return <Navigate to={safeRedirectTarget(searchParams.get('redirect')) ?? '/'} replace />;
  return <Outlet />;
}
