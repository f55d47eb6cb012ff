import { CheckCircle2, Flag, XCircle } from 'lucide-react';
import { useState } from 'react';
import type { OfferDetail } from '../../../../shared/schemas/offers';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { type ReportedStatus, useReportStatus } from '../api/use-report-status';

const OPTIONS: Array<{ value: ReportedStatus; label: string; icon: typeof CheckCircle2; tone: string }> = [
  {
    value: 'ativo',
    label: 'Ativo',
    icon: CheckCircle2,
    tone: 'text-green-300 border-primary/60 bg-primary/10',
  },
  { value: 'inativo', label: 'Inativo', icon: XCircle, tone: 'text-red-300 border-danger/60 bg-danger/10' },
];

const votes = (n: number) => (n === 1 ? '1 voto' : `${formatCount(n)} votos`);

/** 'Report Status': the member says whether the offer still runs (one vote per offer, changeable). */
export function ReportStatusDialog({
  offer,
}: {
  offer: Pick<OfferDetail, 'id' | 'statusReports' | 'myReport'>;
}) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<ReportedStatus | null>(offer.myReport);
  const report = useReportStatus(offer.id);

  const onOpenChange = (next: boolean) => {
    if (next) setChoice(offer.myReport);
    setOpen(next);
  };
  const submit = () => {
    if (!choice) return;
    report.mutate(choice, { onSuccess: () => setOpen(false) });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Flag aria-hidden className="h-4 w-4" />
          Report Status
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Report Status"
        description="Esta oferta ainda está rodando? Seu voto ajuda os administradores a manter o catálogo atualizado."
      >
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="sr-only">Status da oferta</legend>
          {OPTIONS.map(({ value, label, icon: Icon, tone }) => {
            const selected = choice === value;
            const mine = offer.myReport === value;
            return (
              <label
                key={value}
                className={cn(
                  'relative flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border-2 p-4 text-center transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/60',
                  selected ? tone : 'border-border bg-surface-2 text-muted hover:border-zinc-600',
                )}
              >
                <input
                  type="radio"
                  name="reportedStatus"
                  value={value}
                  checked={selected}
                  onChange={() => setChoice(value)}
                  className="sr-only"
                />
                <Icon aria-hidden className="h-7 w-7" />
                <span className="text-base font-semibold text-foreground">{label}</span>
                <span className="text-xs tabular-nums" data-testid={`count-${value}`}>
                  {votes(offer.statusReports[value])}
                </span>
                {mine ? (
                  <span className="absolute top-2 right-2 rounded-full bg-foreground/10 px-2 py-0.5 text-[10px] font-semibold text-foreground uppercase">
                    Seu voto
                  </span>
                ) : null}
              </label>
            );
          })}
        </fieldset>
        {offer.myReport ? (
          <p className="mt-3 text-xs text-muted">
            Você já votou nesta oferta; pode mudar seu voto quando quiser.
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="ghost">Cancelar</Button>
          </DialogClose>
          <Button onClick={submit} disabled={!choice || report.isPending}>
            {report.isPending ? <Spinner /> : null}
            {report.isPending ? 'Enviando...' : 'Enviar voto'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
