import { FileJson, Link2 } from 'lucide-react';
import { useState } from 'react';
import type { WebhookEvent } from '../../../../shared/schemas/admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { LoadMore } from '../../../components/ui/load-more';
import { Table, TBody, Td, THead, Th, Tr } from '../../../components/ui/table';
import { formatDateTime } from '../../../lib/format';
import { useWebhookEvents } from '../api/use-webhook-events';
import { eventLabel, planSlugLabel, prettyRawData } from '../webhook-labels';
import { ErrorBlock, LoadingBlock } from './query-state';

function eventVariant(eventType: string) {
  if (eventType === 'Purchase_Order_Confirmed') return 'primary';
  if (eventType === 'Subscription_Canceled') return 'danger';
  return 'warning';
}

function EventDialog({ event, onClose }: { event: WebhookEvent | null; onClose: () => void }) {
  return (
    <Dialog open={event !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {event ? (
        <DialogContent
          title="Detalhes do webhook"
          description={`${eventLabel(event.eventType)} em ${formatDateTime(event.receivedAt)}`}
          className="max-w-2xl"
        >
          <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Nome</dt>
            <dd className="break-words">{event.buyerName ?? '—'}</dd>
            <dt className="text-muted">E-mail</dt>
            <dd className="break-all">{event.buyerEmail ?? '—'}</dd>
            <dt className="text-muted">Produto</dt>
            <dd className="break-all">
              {event.productName ?? '—'}
              {event.productId ? (
                <span className="block font-mono text-xs text-muted">{`ID ${event.productId}`}</span>
              ) : null}
            </dd>
            <dt className="text-muted">Plano</dt>
            <dd>
              {planSlugLabel(event.planType)}
              {event.planMapped === false ? ' (padrão: o produto não estava mapeado)' : ''}
            </dd>
            <dt className="text-muted">Resultado</dt>
            <dd className="break-words">{event.outcome ?? '—'}</dd>
          </dl>
          <p className="mb-2 text-sm font-medium">Dados recebidos</p>
          <pre className="max-h-96 overflow-auto rounded-lg border border-border bg-background p-3 font-mono text-xs whitespace-pre text-zinc-300">
            {prettyRawData(event.rawData)}
          </pre>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** The product a delivery named: its name, and its id (what a mapping needs). */
function ProductCell({ event }: { event: WebhookEvent }) {
  if (!event.productId && !event.productName) return <>—</>;
  return (
    <span className="block max-w-56">
      <span className="block break-words">{event.productName ?? 'Sem nome'}</span>
      {event.productId ? (
        <span className="block font-mono text-xs break-all text-muted">{event.productId}</span>
      ) : null}
    </span>
  );
}

/**
 * The history of deliveries (name, e-mail, date-time, plan, event, details), with the product of each and,
 * for a purchase whose product no mapping matched, a flag and a button that starts its mapping.
 */
export function WebhookEventsCard({ onMapProduct }: { onMapProduct?: (productId: string) => void }) {
  const query = useWebhookEvents();
  const { isPending, isError, error } = query;
  const data = query.data?.pages.flat();
  const [selected, setSelected] = useState<WebhookEvent | null>(null);
  return (
    <Card className="space-y-4">
      <div className="flex items-center gap-2">
        <h2 className="font-semibold">Histórico de eventos</h2>
        {data ? <Badge variant="primary">{query.hasNextPage ? `${data.length}+` : data.length}</Badge> : null}
      </div>
      {isPending ? (
        <LoadingBlock />
      ) : isError ? (
        <ErrorBlock error={error} what="os eventos" />
      ) : !data || data.length === 0 ? (
        <p className="rounded-lg border border-border p-6 text-center text-sm text-muted">
          Nenhum webhook recebido ainda.
        </p>
      ) : (
        <Table wrapperClassName="max-h-96 overflow-y-auto">
          <THead>
            <tr>
              <Th>Nome</Th>
              <Th>E-mail</Th>
              <Th>Data e hora</Th>
              <Th>Produto</Th>
              <Th>Plano</Th>
              <Th>Evento</Th>
              <Th className="text-right">Detalhes</Th>
            </tr>
          </THead>
          <TBody>
            {data.map((event) => (
              <Tr key={event.id}>
                <Td>{event.buyerName ?? '—'}</Td>
                <Td className="text-zinc-300">{event.buyerEmail ?? '—'}</Td>
                <Td>{formatDateTime(event.receivedAt)}</Td>
                <Td>
                  <ProductCell event={event} />
                </Td>
                <Td>
                  <span className="flex flex-col items-start gap-1">
                    {planSlugLabel(event.planType)}
                    {event.planMapped === false ? (
                      <>
                        <Badge variant="warning">Produto sem mapeamento</Badge>
                        {event.productId && onMapProduct ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            className="-ml-3"
                            aria-label={`Mapear o produto ${event.productId}`}
                            onClick={() => onMapProduct(event.productId as string)}
                          >
                            <Link2 className="h-4 w-4" aria-hidden />
                            Mapear
                          </Button>
                        ) : null}
                      </>
                    ) : null}
                  </span>
                </Td>
                <Td>
                  <span className="flex items-center gap-1.5">
                    <Badge variant={eventVariant(event.eventType)}>{eventLabel(event.eventType)}</Badge>
                    {event.isTest ? <Badge>Teste</Badge> : null}
                  </span>
                </Td>
                <Td className="text-right">
                  <Button variant="ghost" size="sm" onClick={() => setSelected(event)}>
                    <FileJson className="h-4 w-4" aria-hidden />
                    Abrir
                  </Button>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <LoadMore query={query} what="eventos" />
      <EventDialog event={selected} onClose={() => setSelected(null)} />
    </Card>
  );
}
