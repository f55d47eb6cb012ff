import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { REFUSAL_REASON_MAX } from '../../../../shared/offer-constants';
import { refuseUserOfferForm, type UserOffer } from '../../../../shared/schemas/offers';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount } from '../../../lib/format';

export const REJECT_CONFIRMATION = 'Tem certeza que deseja recusar esta oferta?';

/**
 * The refusal's confirmation (spec: 'Tem certeza que deseja recusar esta oferta?') with an optional 'Motivo' the
 * member reads. Mount it per offer (key) so the reason starts empty; it stays open while `pending`.
 */
export function RejectOfferDialog({
  offer,
  onClose,
  pending,
  onConfirm,
}: {
  offer: UserOffer | null;
  onClose: () => void;
  pending: boolean;
  onConfirm: (reason: string) => void;
}) {
  const id = useId();
  // Checked as it is typed: the limit's message shows (and 'Recusar' waits) before any submit.
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(refuseUserOfferForm),
    mode: 'onChange',
    defaultValues: { reason: '' },
  });
  const length = (watch('reason') ?? '').trim().length;
  const tooLong = errors.reason !== undefined;

  return (
    <Dialog open={offer !== null} onOpenChange={(open) => (open || pending ? undefined : onClose())}>
      <DialogContent title="Recusar oferta" description={REJECT_CONFIRMATION}>
        <form
          onSubmit={(event) => void handleSubmit(({ reason }) => onConfirm(reason ?? ''))(event)}
          className="space-y-4"
        >
          {offer ? (
            <p className="rounded-lg bg-surface-2/70 px-3 py-2 text-sm break-words">
              <span className="font-semibold">{offer.productTitle}</span>
              <span className="text-muted"> · enviada por {offer.author.name}</span>
            </p>
          ) : null}
          <div className="space-y-1.5">
            <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-zinc-300">
              Motivo
            </label>
            <Textarea
              id={`${id}-reason`}
              rows={3}
              {...register('reason')}
              placeholder="Ex.: a oferta já está no catálogo."
              aria-invalid={tooLong ? true : undefined}
              aria-describedby={`${id}-reason-hint`}
              disabled={pending}
            />
            {tooLong ? (
              <p id={`${id}-reason-hint`} role="alert" className="text-xs text-red-400">
                {errors.reason?.message}
              </p>
            ) : (
              <p id={`${id}-reason-hint`} className="text-xs text-muted">
                {`Opcional. O membro lê o motivo no aviso que recebe no sino e em Minhas ofertas. ${formatCount(length)} de ${REFUSAL_REASON_MAX}.`}
              </p>
            )}
          </div>
          <p className="text-xs text-muted">
            A oferta recusada não entra no catálogo e não pode mais ser aprovada nem editada.
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={pending}>
                Cancelar
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={pending || tooLong}>
              {pending ? <Spinner /> : null}
              Recusar
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
