import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { addDays, saoPauloDay } from '../../../../shared/sao-paulo-day';
import type {
  AdHistory,
  BackfillAdCount,
  BackfillAdCountFormValues,
} from '../../../../shared/schemas/offers';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Field, fieldErrorProps } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NumberFormField } from '../../../components/ui/number-input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useSaveAdCount } from '../api/use-save-ad-count';

// The shared form schema (adCountInput's rules, POST /api/admin/offers/{id}/ad-counts), loaded lazily like the
// other number forms: Zod stays out of the tab's first load.
const backfillAdCountResolver = lazyZodResolver<BackfillAdCountFormValues, BackfillAdCount>(() =>
  import('../../../../shared/schemas/offers').then((m) => m.backfillAdCountForm),
);

/**
 * 'Contagem retroativa': a dated count of one offer (a day before today, or today; one per day, a second replaces
 * the first), for the days the administrator did not type. The offer's count follows only when it is the latest day.
 */
export function BackfillAdCountDialog({
  offer,
  onClose,
  onSaved,
}: {
  offer: { id: string; productTitle: string };
  onClose: () => void;
  onSaved: (history: AdHistory) => void;
}) {
  const id = useId();
  const today = saoPauloDay();
  const save = useSaveAdCount(offer.id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BackfillAdCountFormValues, unknown, BackfillAdCount>({
    resolver: backfillAdCountResolver,
    defaultValues: { date: addDays(today, -1), ads: null },
  });

  const submit = handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (history) => {
        onSaved(history);
        onClose();
      },
      onError: (error) => {
        const message = errorMessage(error, 'Não foi possível salvar a contagem.');
        // The route's messages name their field: a 400 about the day goes beside the date, any other beside the count.
        if (error instanceof ApiError && error.status === 400) {
          setError(/data/i.test(message) ? 'date' : 'ads', { type: 'server', message });
        } else {
          setError('root.server', { type: 'server', message });
        }
      },
    }),
  );
  const dateError = errors.date?.message;
  const otherError = errors.root?.server?.message;

  return (
    <Dialog open onOpenChange={(open) => (open || save.isPending ? undefined : onClose())}>
      <DialogContent
        title="Contagem retroativa"
        description={`Quantos anúncios ativos ${offer.productTitle} tinha num dia passado. Uma segunda contagem no mesmo dia substitui a primeira.`}
      >
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          <Field label="Data" htmlFor={`${id}-date`} error={dateError}>
            <Input
              id={`${id}-date`}
              type="date"
              max={today}
              {...register('date')}
              {...fieldErrorProps(`${id}-date`, dateError)}
            />
          </Field>
          <NumberFormField
            control={control}
            name="ads"
            id={`${id}-ads`}
            label="Anúncios ativos"
            kind="integer"
          />
          {otherError ? (
            <p role="alert" className="text-sm text-red-400">
              {otherError}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={save.isPending}>
                Cancelar
              </Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              Salvar contagem
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
