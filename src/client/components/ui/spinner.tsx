import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden className={cn('h-4 w-4 animate-spin', className)} />;
}

/** The full-screen loading state shown while the session is being read. */
export function FullScreenLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-background"
    >
      <Spinner className="h-8 w-8 text-primary" />
      <span className="text-sm text-muted">Carregando...</span>
    </div>
  );
}
