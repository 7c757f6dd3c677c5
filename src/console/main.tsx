/** The operator console's entry (admin.html): its language, then the router under TanStack Query. */
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { activateConsoleLocale, consoleI18n, savedLocale } from './i18n';
import { consoleRouter } from './router';
import './console.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: true } } });

await activateConsoleLocale(savedLocale());
createRoot(document.getElementById('console-root')!).render(
  <StrictMode>
    <I18nProvider i18n={consoleI18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={consoleRouter} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
