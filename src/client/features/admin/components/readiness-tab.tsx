import { AlertTriangle, CheckCircle2, Mail, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import {
  DEMO_CONTENT_LABELS,
  DEMO_CONTENT_REAL_LABELS,
  type DemoContentCounts,
  READINESS_STATE_LABELS,
  type ReadinessItem,
  type ReadinessState,
} from '../../../../shared/schemas/admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useDemoContentPreview } from '../api/use-demo-content-preview';
import { useReadiness } from '../api/use-readiness';
import { useRemoveDemoContent } from '../api/use-remove-demo-content';
import { useSendTestEmail } from '../api/use-send-test-email';
import { ErrorBlock, LoadingBlock } from './query-state';

/** Each state's colour, icon and word: never the colour alone. */
const STATE_LOOK: Record<
  ReadinessState,
  { variant: 'primary' | 'warning' | 'danger'; Icon: typeof XCircle }
> = {
  ok: { variant: 'primary', Icon: CheckCircle2 },
  warn: { variant: 'warning', Icon: AlertTriangle },
  fail: { variant: 'danger', Icon: XCircle },
};

function StateBadge({ state }: { state: ReadinessState }) {
  const { variant, Icon } = STATE_LOOK[state];
  return (
    <Badge variant={variant} className="w-24 justify-center">
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {READINESS_STATE_LABELS[state]}
    </Badge>
  );
}

function TestEmailButton() {
  const send = useSendTestEmail();
  return (
    <Button variant="outline" size="sm" disabled={send.isPending} onClick={() => send.mutate()}>
      {send.isPending ? <Spinner /> : <Mail className="h-4 w-4" aria-hidden />}
      Enviar e-mail de teste
    </Button>
  );
}

const total = (counts: DemoContentCounts) => DEMO_CONTENT_LABELS.reduce((sum, [key]) => sum + counts[key], 0);

/** The counts that are not zero, as the CLI lists them, and what real members made on demo content. */
function CountsList({ counts }: { counts: DemoContentCounts }) {
  const real = DEMO_CONTENT_REAL_LABELS.filter(([key]) => counts[key] > 0);
  return (
    <div className="space-y-3 text-sm">
      <ul className="grid gap-1 sm:grid-cols-2">
        {DEMO_CONTENT_LABELS.filter(([key]) => counts[key] > 0).map(([key, label]) => (
          <li key={key} className="flex justify-between gap-3 rounded-md bg-surface-2 px-3 py-1.5">
            <span className="text-muted">{label}</span>
            <span className="font-semibold tabular-nums">{counts[key].toLocaleString('pt-BR')}</span>
          </li>
        ))}
      </ul>
      {real.length > 0 && (
        <p className="rounded-lg border border-warning/40 bg-warning/10 p-3 text-amber-100">
          De membros reais, em conteúdo de demonstração (vão junto):{' '}
          {real.map(([key, label]) => `${counts[key].toLocaleString('pt-BR')} ${label}`).join(', ')}.
        </p>
      )}
    </div>
  );
}

function RemoveDemoContent({ onRemoved }: { onRemoved: (counts: DemoContentCounts) => void }) {
  const [open, setOpen] = useState(false);
  const preview = useDemoContentPreview(open);
  const remove = useRemoveDemoContent();
  return (
    <>
      {/* On a phone the label wraps: the button grows with it. */}
      <Button variant="danger" size="sm" className="h-auto min-h-8 py-1.5" onClick={() => setOpen(true)}>
        <Trash2 className="h-4 w-4 shrink-0" aria-hidden />
        Remover conteúdo de demonstração
      </Button>
      <Dialog open={open} onOpenChange={(next) => (remove.isPending ? undefined : setOpen(next))}>
        <DialogContent
          title="Remover conteúdo de demonstração?"
          description="Apaga de uma vez só o que a demonstração criou, e nada que um membro real fez fora dela. Não dá para desfazer."
        >
          {preview.isPending ? (
            <LoadingBlock />
          ) : preview.isError ? (
            <ErrorBlock error={preview.error} what="o que seria removido" />
          ) : total(preview.data) === 0 ? (
            <p className="text-sm text-muted">Não há conteúdo de demonstração para remover.</p>
          ) : (
            <CountsList counts={preview.data} />
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={remove.isPending}>
                Cancelar
              </Button>
            </DialogClose>
            <Button
              variant="danger"
              disabled={remove.isPending || !preview.data || total(preview.data) === 0}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (counts) => {
                    setOpen(false);
                    onRemoved(counts);
                  },
                })
              }
            >
              {remove.isPending ? <Spinner /> : null}
              Remover
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function ReadinessRow({
  item,
  onDemoRemoved,
}: {
  item: ReadinessItem;
  onDemoRemoved: (counts: DemoContentCounts) => void;
}) {
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:gap-4">
      <div className="shrink-0 pt-0.5">
        <StateBadge state={item.state} />
      </div>
      <div className="min-w-0 flex-1 space-y-1.5">
        <h3 className="font-semibold">{item.title}</h3>
        <p className="text-sm break-words text-muted">{item.detail}</p>
        {item.fix && (
          <p className="text-sm break-words">
            <span className="font-medium">Como resolver: </span>
            {item.fix}
          </p>
        )}
        {item.id === 'smtp' && (
          <div className="pt-1">
            <TestEmailButton />
          </div>
        )}
        {item.id === 'demo-content' && item.state !== 'ok' && (
          <div className="pt-1">
            <RemoveDemoContent onRemoved={onDemoRemoved} />
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * 'Pronto para produção': the items of `npm run doctor` (from GET /api/admin/readiness) with their state, how each is
 * now and its fix; the test e-mail and the removal of the demo content where they belong.
 */
export default function ReadinessTab() {
  const { data, isPending, isError, error } = useReadiness();
  const [removed, setRemoved] = useState<DemoContentCounts | null>(null);
  if (isPending) return <LoadingBlock />;
  if (isError) return <ErrorBlock error={error} what="a verificação de produção" />;
  const count = (state: ReadinessState) => data.items.filter((item) => item.state === state).length;
  return (
    <div className="space-y-6">
      <Card className="space-y-2">
        <h2 className="text-lg font-semibold">Pronto para produção</h2>
        <p className="text-sm text-muted">
          O que o comando npm run doctor confere no servidor, para esta instância. Corrija cada item "Falta"
          antes de receber membros reais; as configurações ficam no arquivo .env e valem no próximo início.
        </p>
        <p className="text-sm">
          {data.production ? 'Modo produção.' : 'Modo demonstração.'} {count('fail')} faltando,{' '}
          {count('warn')} com atenção, {count('ok')} OK.
        </p>
      </Card>
      {removed && (
        <Card className="space-y-3" role="status">
          <h2 className="font-semibold">Conteúdo de demonstração removido</h2>
          {total(removed) === 0 ? (
            <p className="text-sm text-muted">Nada a remover: todas as contagens eram 0.</p>
          ) : (
            <CountsList counts={removed} />
          )}
        </Card>
      )}
      <Card className="py-1">
        <ul className="divide-y divide-border" aria-label="Itens da verificação">
          {data.items.map((item) => (
            <ReadinessRow key={item.id} item={item} onDemoRemoved={setRemoved} />
          ))}
        </ul>
      </Card>
    </div>
  );
}
