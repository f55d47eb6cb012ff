import { useId, useState } from 'react';
import { addDays, saoPauloDay } from '../../../../shared/sao-paulo-day';
import type { AdHistory } from '../../../../shared/schemas/offers';
import type { TypedNumber } from '../../../../shared/typed-number';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Field, fieldErrorProps } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NumberField } from '../../../components/ui/number-input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSaveAdCount } from '../api/use-save-ad-count';

export const DATE_REQUIRED = 'Informe a data da contagem.';
export const DATE_IN_FUTURE = 'A data não pode estar no futuro.';
export const COUNT_REQUIRED = 'Informe quantos anúncios a oferta tinha nesse dia.';

interface Problems {
  date?: string;
  ads?: string;
  other?: string;
}

/** The field a message of POST /api/admin/offers/{id}/ad-counts is about (the schema's messages name it). */
function problemsOfServer(error: unknown): Problems {
  const message = errorMessage(error, 'Não foi possível salvar a contagem.');
  if (error instanceof ApiError && error.status === 400) {
    return /data/i.test(message) ? { date: message } : { ads: message };
  }
  return { other: message };
}

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
  const [date, setDate] = useState(addDays(today, -1));
  const [ads, setAds] = useState<TypedNumber>(null);
  const [problems, setProblems] = useState<Problems>({});
  const save = useSaveAdCount(offer.id);

  const submit = () => {
    const found: Problems = {};
    if (!date) found.date = DATE_REQUIRED;
    else if (date > today) found.date = DATE_IN_FUTURE;
    if (ads === null || ads === undefined) found.ads = COUNT_REQUIRED;
    // Unreadable text: the field shows its own reading message; nothing is sent.
    else if (typeof ads === 'string') found.ads = undefined;
    setProblems(found);
    if (found.date || found.ads || typeof ads !== 'number') return;
    save.mutate(
      { ads, date },
      {
        onSuccess: (history) => {
          onSaved(history);
          onClose();
        },
        onError: (error) => setProblems(problemsOfServer(error)),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open || save.isPending ? undefined : onClose())}>
      <DialogContent
        title="Contagem retroativa"
        description={`Quantos anúncios ativos ${offer.productTitle} tinha num dia passado. Uma segunda contagem no mesmo dia substitui a primeira.`}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          className="space-y-4"
        >
          <Field label="Data" htmlFor={`${id}-date`} error={problems.date}>
            <Input
              id={`${id}-date`}
              type="date"
              max={today}
              value={date}
              onChange={(event) => {
                setDate(event.target.value);
                setProblems((p) => ({ ...p, date: undefined }));
              }}
              {...fieldErrorProps(`${id}-date`, problems.date)}
            />
          </Field>
          <NumberField
            id={`${id}-ads`}
            label="Anúncios ativos"
            kind="integer"
            value={ads}
            onValueChange={(value) => {
              setAds(value);
              setProblems((p) => ({ ...p, ads: undefined }));
            }}
            error={problems.ads}
          />
          {problems.other ? (
            <p role="alert" className="text-sm text-red-400">
              {problems.other}
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
