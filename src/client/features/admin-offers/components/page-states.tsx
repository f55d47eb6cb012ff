import { SearchX } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';

export function PageLoading() {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-20 text-sm text-muted">
      <Spinner className="h-7 w-7 text-primary" />
      Carregando...
    </div>
  );
}

/** 'Oferta não encontrada' with a way back to the admin panel. */
export function AdminOfferNotFound() {
  const navigate = useNavigate();
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center">
      <SearchX className="h-10 w-10 text-muted" aria-hidden />
      <div className="space-y-1">
        <h2 className="text-xl font-semibold">Oferta não encontrada</h2>
        <p className="text-sm text-muted">Ela pode ter sido excluída, aprovada ou recusada.</p>
      </div>
      <Button onClick={() => navigate('/admin')}>Voltar ao painel admin</Button>
    </Card>
  );
}

/** A failed load: 404 reads 'Oferta não encontrada', anything else says what went wrong. */
export function OfferLoadError({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.status === 404) return <AdminOfferNotFound />;
  return (
    <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-4 text-sm text-red-200">
      Não foi possível carregar a oferta. {errorMessage(error, 'Tente novamente.')}
    </p>
  );
}
