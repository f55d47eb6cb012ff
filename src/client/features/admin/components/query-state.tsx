import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';

export function LoadingBlock() {
  return (
    <div className="flex justify-center py-12">
      <Spinner className="h-6 w-6 text-primary" />
    </div>
  );
}

export function ErrorBlock({ error, what }: { error: unknown; what: string }) {
  return (
    <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-4 text-sm text-red-200">
      Não foi possível carregar {what}. {errorMessage(error, '')}
    </p>
  );
}
