import { RefreshCw } from 'lucide-react';
import { errorMessage } from '../../lib/api-client';
import { Button } from './button';

/**
 * A list or page that could not be loaded: what failed, the server's reason when it gave one, and 'Tentar novamente'.
 */
export function LoadError({
  message,
  error,
  onRetry,
}: {
  /** What failed, as a sentence: 'Não foi possível carregar as ofertas.' */
  message: string;
  error: unknown;
  onRetry(): void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-danger/40 bg-danger/10 p-8 text-center"
    >
      <p className="text-sm text-red-200">
        {message} {errorMessage(error, '')}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden className="h-4 w-4" />
        Tentar novamente
      </Button>
    </div>
  );
}
