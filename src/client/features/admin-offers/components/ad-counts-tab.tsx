import { Check, TriangleAlert } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import type { AdminOfferCard } from '../../../../shared/schemas/offers';
import { readTypedNumber } from '../../../../shared/typed-number';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatCount, formatDay, formatSignedCount } from '../../../lib/format';
import { useAdCountOffers } from '../api/use-ad-count-offers';
import { useSaveAdCount } from '../api/use-save-ad-count';
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
 * Today's ad count of one offer: saved when the field is left or Enter is pressed (Enter then moves to the next
 * offer), with the change since the last count shown while it is typed.
 */
function AdCountRow({ offer, onNext }: { offer: AdminOfferCard; onNext: (from: HTMLInputElement) => void }) {
  const [text, setText] = useState('');
  const [last, setLast] = useState({ ads: offer.ads, day: offer.lastSeen });
  const [savedText, setSavedText] = useState<string | null>(null);
  const save = useSaveAdCount(offer.id);
  const read = readCount(text);
  const fieldId = `ad-count-${offer.id}`;
  const statusId = `${fieldId}-status`;
  const change = read && 'value' in read ? read.value - last.ads : null;

  // The text last sent: Enter saves and moves on, and the blur that follows must not send it again.
  const sent = useRef<string | null>(null);
  const commit = () => {
    if (!read || 'error' in read || text === sent.current) return;
    const typed = text;
    sent.current = typed;
    save.mutate(
      { ads: read.value },
      {
        onSuccess: (history) => {
          setSavedText(typed);
          const point = history.points.at(-1);
          setLast({ ads: point?.ads ?? read.value, day: history.lastSeen });
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
    commit();
    onNext(event.currentTarget);
  };

  const problem =
    read && 'error' in read
      ? read.error
      : save.isError
        ? errorMessage(save.error, 'Não foi possível salvar.')
        : null;
  return (
    <tr className="border-t border-border align-top">
      <th scope="row" className="py-2.5 pr-3 text-left font-normal">
        <label htmlFor={fieldId} className="block font-medium text-foreground">
          {offer.productTitle}
        </label>
        <span className="block text-xs text-muted">{offer.advertiser}</span>
        <span className="mt-0.5 block text-xs text-muted tabular-nums sm:hidden">
          Última: {formatCount(last.ads)} em {formatDay(last.day)}
        </span>
      </th>
      <td className="hidden py-2.5 pr-3 text-right whitespace-nowrap tabular-nums sm:table-cell">
        {formatCount(last.ads)}
        <span className="block text-xs text-muted">{formatDay(last.day)}</span>
      </td>
      <td className="py-2 pr-3">
        <input
          id={fieldId}
          data-ad-count
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
          aria-invalid={problem ? true : undefined}
          aria-describedby={statusId}
          placeholder={formatCount(last.ads)}
          className={cn(
            'h-10 w-20 rounded-lg border bg-surface-2 px-3 text-right tabular-nums text-foreground placeholder:text-zinc-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60 sm:w-24',
            problem ? 'border-danger' : 'border-border',
          )}
        />
        <p id={statusId} aria-live="polite" className="mt-1 max-w-40 text-xs">
          {save.isPending ? (
            <span className="inline-flex items-center gap-1 text-muted">
              <Spinner className="h-3.5 w-3.5" /> Salvando
            </span>
          ) : problem ? (
            <span className="inline-flex items-start gap-1 text-red-300">
              <TriangleAlert aria-hidden className="mt-px h-3.5 w-3.5 shrink-0" />
              {problem}
            </span>
          ) : savedText !== null && savedText === text ? (
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
