import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '#app/providers.tsx';
import { router } from '#app/router.tsx';
import { ensureCsrfToken } from '#lib/api-client.ts';
import '#i18n/i18n.ts';

// The CSRF cookie must exist before the first state-changing call (login included).
void ensureCsrfToken();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
