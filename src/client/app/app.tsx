import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { loadSonner } from '../lib/toast';
import { seedDashboardFirstLoad } from './dashboard-first-load';
import { AppRoutes } from './router';

// sonner is not part of the first load: the toaster mounts when its chunk arrives (requested at once, after
// the screen's own code); toasts raised earlier are replayed to it.
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedDashboardFirstLoad(client);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      {/* Spec 01 §9: toasts one at a time. */}
      <Suspense fallback={null}>
        <Toaster theme="dark" richColors closeButton visibleToasts={1} position="top-right" />
      </Suspense>
    </QueryClientProvider>
  );
}
