import { CalendarClock, Check } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import type { AdHistory, AdminOfferCard } from '../../../../shared/schemas/offers';
import { readTypedNumber, type TypedNumber } from '../../../../shared/typed-number';
import { Card } from '../../../components/ui/card';
import { NumberField } from '../../../components/ui/number-input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatCount, formatDay, formatSignedCount } from '../../../lib/format';
import { useAdCountOffers } from '../api/use-ad-count-offers';
import { useSaveAdCount } from '../api/use-save-ad-count';
import { BackfillAdCountDialog } from './backfill-ad-count-dialog';
import { PageLoading } from './page-states';

/** The typed count: a whole number ≥ 0 written the Brazilian way ('1.234'), or why it is not one. */
export function readCount(text: string): { value: number } | { error: string } | null {
  const read = readTypedNumber(text, 'integer');
  if (read.status === 'blank') return null;
  // The 'integer' kind refuses decimals and signs: an 'ok' is a whole number ≥ 0.
  return read.status === 'ok' ? { value: read.value } : { error: read.message };
}

/** '+12', '−5' or '=' (unchanged). */
export const changeText = (change: number): string => (change === 0 ? '=' : formatSignedCount(change));

/**
 * Today's ad count of one offer, in the app's number field (read the Brazilian way, shown formatted when left):
 * saved when the field is left or Enter is pressed (Enter then moves to the next offer; on unreadable text it stays
 * with the field's message), with the change since the last count shown while it is typed. 'Contagem retroativa'
 * enters a dated count of a past day.
 */
function AdCountRow({ offer, onNext }: { offer: AdminOfferCard; onNext: (from: HTMLInputElement) => void }) {
  const [value, setValue] = useState<TypedNumber>(null);
  const [last, setLast] = useState({ ads: offer.ads, day: offer.lastSeen });
  const [savedValue, setSavedValue] = useState<number | null>(null);
  const [enterError, setEnterError] = useState<string | null>(null);
  const [backfilling, setBackfilling] = useState(false);
  const save = useSaveAdCount(offer.id);
  const fieldId = `ad-count-${offer.id}`;
  const statusId = `${fieldId}-status`;
  const change = typeof value === 'number' ? value - last.ads : null;
  const showHistory = (history: AdHistory) => {
    const point = history.points.find((p) => p.date === history.lastSeen);
    if (point) setLast({ ads: point.ads, day: history.lastSeen });
  };

  // The value last sent: Enter saves and moves on, and the blur that follows must not send it again.
  const sent = useRef<number | null>(null);
  const commit = () => {
    if (typeof value !== 'number' || value === sent.current) return;
    const typed = value;
    sent.current = typed;
    save.mutate(
      { ads: typed },
      {
        onSuccess: (history) => {
          setSavedValue(typed);
          showHistory(history);
        },
        onError: () => {
          sent.current = null;
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const read = readCount(event.currentTarget.value);
    if (read && 'error' in read) {
      setEnterError(read.error);
      return;
    }
    commit();
    onNext(event.currentTarget);
  };

  const problem = enterError ?? (save.isError ? errorMessage(save.error, 'Não foi possível salvar.') : null);
  return (
    <tr className="border-t border-border align-top">
      <th scope="row" className="py-2.5 pr-3 text-left font-normal">
        <span className="block font-medium text-foreground">{offer.productTitle}</span>
        <span className="block text-xs text-muted">{offer.advertiser}</span>
        <span className="mt-0.5 block text-xs text-muted tabular-nums sm:hidden">
          Última: {formatCount(last.ads)} em {formatDay(last.day)}
        </span>
        <button
          type="button"
          onClick={() => setBackfilling(true)}
          aria-label={`Contagem retroativa de ${offer.productTitle}`}
          className="mt-1 inline-flex items-center gap-1 rounded text-xs text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
        >
          <CalendarClock aria-hidden className="h-3.5 w-3.5" />
          Contagem retroativa
        </button>
        {backfilling ? (
          <BackfillAdCountDialog offer={offer} onClose={() => setBackfilling(false)} onSaved={showHistory} />
        ) : null}
      </th>
      <td className="hidden py-2.5 pr-3 text-right whitespace-nowrap tabular-nums sm:table-cell">
        {formatCount(last.ads)}
        <span className="block text-xs text-muted">{formatDay(last.day)}</span>
      </td>
      <td className="py-2 pr-3">
        <div className="w-20 sm:w-24">
          <NumberField
            id={fieldId}
            label={offer.productTitle}
            hideLabel
            kind="integer"
            data-ad-count
            value={value}
            onValueChange={(next) => {
              setValue(next);
              setEnterError(null);
            }}
            onBlur={commit}
            onKeyDown={onKeyDown}
            error={problem ?? undefined}
            aria-describedby={statusId}
            placeholder={formatCount(last.ads)}
            className="text-right tabular-nums"
          />
        </div>
        <p id={statusId} aria-live="polite" className="mt-1 max-w-40 text-xs">
          {save.isPending ? (
            <span className="inline-flex items-center gap-1 text-muted">
              <Spinner className="h-3.5 w-3.5" /> Salvando
            </span>
          ) : !problem && savedValue !== null && savedValue === value ? (
            <span className="inline-flex items-center gap-1 text-emerald-300">
              <Check aria-hidden className="h-3.5 w-3.5" /> Salvo
            </span>
          ) : null}
        </p>
      </td>
      <td
        className={cn(
          'py-2.5 text-right whitespace-nowrap tabular-nums',
          change === null
            ? 'text-muted'
            : change > 0
              ? 'text-emerald-300'
              : change < 0
                ? 'text-sky-300'
                : 'text-muted',
        )}
      >
        {change === null ? '—' : changeText(change)}
      </td>
    </tr>
  );
}

/** /admin?tab=anuncios: today's ad count of every visible offer, typed row by row, keyboard only if wished. */
export default function AdCountsTab() {
  const offers = useAdCountOffers();
  const table = useRef<HTMLTableElement>(null);
  const focusNext = (from: HTMLInputElement) => {
    const fields = [...(table.current?.querySelectorAll<HTMLInputElement>('input[data-ad-count]') ?? [])];
    fields[fields.indexOf(from) + 1]?.focus();
  };

  if (offers.isPending) return <PageLoading />;
  if (offers.isError) {
    return (
      <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-4 text-sm text-red-200">
        Não foi possível carregar as ofertas. {errorMessage(offers.error, 'Tente novamente.')}
      </p>
    );
  }
  return (
    <Card className="space-y-4">
      <div>
        <h2 className="font-semibold">Contagem de anúncios de hoje</h2>
        <p className="mt-1 text-sm text-muted">
          Digite quantos anúncios ativos cada oferta tem hoje na biblioteca de anúncios. Salva ao sair do
          campo ou com Enter, que passa para a próxima oferta; uma segunda contagem no mesmo dia substitui a
          primeira.
        </p>
      </div>
      {offers.data.length === 0 ? (
        <p className="text-sm text-muted">Nenhuma oferta visível no catálogo.</p>
      ) : (
        <div className="max-w-3xl">
          <table ref={table} className="w-full text-sm">
            <caption className="sr-only">Ofertas visíveis e a contagem de anúncios de hoje</caption>
            <thead>
              <tr className="text-left text-xs tracking-wide text-muted uppercase">
                <th scope="col" className="pb-2 pr-3 font-medium">
                  Oferta
                </th>
                <th scope="col" className="hidden pb-2 pr-3 text-right font-medium sm:table-cell">
                  Última
                </th>
                <th scope="col" className="pb-2 pr-3 font-medium">
                  Hoje
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  Variação
                </th>
              </tr>
            </thead>
            <tbody>
              {offers.data.map((offer) => (
                <AdCountRow key={offer.id} offer={offer} onNext={focusNext} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
