import { Copy, TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import { useWebhookConfig } from '../api/use-webhook-config';
import { ErrorBlock, LoadingBlock } from './query-state';

async function copyUrl(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success('URL copiada!');
  } catch {
    toast.error('Erro ao copiar URL', { description: 'Selecione o endereço e copie manualmente.' });
  }
}

export function WebhookEndpointCard() {
  const { data, isPending, isError, error } = useWebhookConfig();
  return (
    <Card className="space-y-4">
      <div>
        <h2 className="font-semibold">Endpoint do webhook</h2>
        <p className="text-sm text-muted">O endereço que recebe os avisos de compra da Lastlink.</p>
      </div>
      {isPending ? (
        <LoadingBlock />
      ) : isError ? (
        <ErrorBlock error={error} what="a configuração do webhook" />
      ) : (
        <>
          <div className="flex gap-2">
            <Input
              readOnly
              aria-label="URL do webhook"
              value={data.endpointUrl}
              onFocus={(event) => event.target.select()}
              className="font-mono text-xs"
            />
            <Button variant="secondary" onClick={() => copyUrl(data.endpointUrl)} aria-label="Copiar URL">
              <Copy className="h-4 w-4" aria-hidden />
              <span className="hidden sm:inline">Copiar</span>
            </Button>
          </div>
          {data.tokenConfigured ? null : (
            <div
              role="alert"
              className="flex gap-3 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm text-amber-100"
            >
              <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-warning" aria-hidden />
              <p>
                O token do webhook não está configurado: os avisos da Lastlink serão recusados. Defina a
                variável de ambiente <code className="font-mono">LASTLINK_WEBHOOK_TOKEN</code> no servidor com
                o mesmo token cadastrado na Lastlink, que o envia no cabeçalho{' '}
                <code className="font-mono">x-lastlink-token</code> de cada aviso.
              </p>
            </div>
          )}
        </>
      )}
      <div className="space-y-2 rounded-lg border border-border bg-background p-4 text-sm">
        <p className="font-medium">Como configurar</p>
        <ol className="list-decimal space-y-1 pl-5 text-zinc-300">
          <li>Na Lastlink, abra as configurações de webhook do seu produto.</li>
          <li>Adicione a URL acima como endereço de destino, com o mesmo token do servidor.</li>
          <li>
            Marque os eventos <strong>Compra Confirmada</strong>, <strong>Assinatura Cancelada</strong> e{' '}
            <strong>Assinatura Expirada</strong>.
          </li>
          <li>Cadastre abaixo qual plano cada produto libera.</li>
        </ol>
      </div>
    </Card>
  );
}
