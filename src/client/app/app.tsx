import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { useIdleAfterLoad } from '../lib/idle-after-load';
import { createQueryClient } from '../lib/query-client';
import { loadSonner, sonnerRequested } from '../lib/toast';
import { seedDashboardFirstLoad } from './dashboard-first-load';
import { AppRoutes } from './router';
import { ScrollMemory } from './scroll-memory';

// sonner is not part of the first load: the toaster mounts when its chunk arrives, requested after the page has
// loaded (so it never competes with the first screen's largest paint on a phone) or at the first toast, whichever
// comes first; toasts raised earlier are replayed to it.
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/** How long a toast shows by default. */
const TOAST_DURATION_MS = 5000;

export function DeferredToaster() {
  if (!useIdleAfterLoad(sonnerRequested)) return null;
  return (
    <Suspense fallback={null}>
      {/* Toasts one at a time; a toast lasts 5000 ms unless it says otherwise. */}
      <Toaster
        theme="dark"
        richColors
        closeButton
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        position="top-right"
      />
    </Suspense>
  );
}

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedDashboardFirstLoad(client);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ScrollMemory />
        <AppRoutes />
      </BrowserRouter>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
