import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '#app/providers.tsx';
import { createQueryClient } from '#app/query-client.ts';
import { router } from '#app/router.tsx';
import { ensureCsrfToken } from '#lib/api-client.ts';
import { registerServiceWorker } from '#lib/service-worker.ts';
import { currentUserQueryOptions } from '#lib/session/get-current-user.ts';
import '#i18n/i18n.ts';

// The CSRF cookie must exist before the first state-changing call (login included).
void ensureCsrfToken();

// The signed-in user is asked for at once: the auth guard renders only after the route's lazy chunks have
// loaded, and the page's own requests wait for the user (without this the three ran one after another).
const queryClient = createQueryClient();
void queryClient.prefetchQuery(currentUserQueryOptions());

registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
