import { lazy, Suspense } from 'react';
import { useIdleAfterLoad } from '../../../lib/idle-after-load';

// The help bubble, its menu (Radix) and the check that keeps it off the page's controls: one chunk, loaded after the
// page has loaded (the first screen does not wait for any of it).
const SupportDock = lazy(() => import('./support-dock'));

/**
 * The floating help button (bottom-right): networking-group tutorial and the support chat. It appears once the page
 * has loaded and the browser is idle, already where it covers nothing (support-dock.tsx).
 */
export function SupportButton() {
  if (!useIdleAfterLoad()) return null;
  return (
    <Suspense fallback={null}>
      <SupportDock />
    </Suspense>
  );
}
