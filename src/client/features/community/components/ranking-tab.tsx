import { Crown, Medal, Trophy } from 'lucide-react';
import { useId, useState } from 'react';
import { RANKING_PRIZES_REAIS } from '../../../../shared/club';
import { saoPauloMonthKey } from '../../../../shared/sao-paulo-month';
import type { RankingEntry } from '../../../../shared/schemas/community';
import { LoadError } from '../../../components/ui/load-error';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { formatBRL, formatCount } from '../../../lib/format';
import { rankingMonthLabel, rankingMonthOption, useRankingMonths } from '../../../lib/ranking-months';
import { useMonthlyRanking } from '../api/use-profile-ranking';
import { ProfileModal } from './profile-modal';
import { Countdown } from './ranking-countdown';
import { AvatarButton } from './user-avatar';

/**
 * The explainer's prizes of places 1, 2 and 3 (shared/club), written by formatBRL (a no-break space between 'R$'
 * and the amount) and shown in a nowrap span: the amount never breaks from its 'R$'.
 */
export const PRIZES = RANKING_PRIZES_REAIS.map(formatBRL);

function Prize({ amount }: { amount: string }) {
  return <span className="whitespace-nowrap">{amount}</span>;
}

function Explainer() {
  return (
    <div className="rounded-xl border border-primary/30 bg-primary/5 p-4 sm:p-5">
      <h2 className="flex items-center gap-2 font-semibold">
        <Trophy aria-hidden className="h-5 w-5 text-primary" />
        Como funciona
      </h2>
      <p className="mt-2 text-sm text-zinc-300">
        Cada curtida que outro membro dá nas suas publicações da Comunidade vale 1 ponto no mês. No fim do mês
        (horário de São Paulo), os três primeiros levam os prêmios:
      </p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-3">
        {PRIZES.map((prize, index) => (
          <li key={prize} className="rounded-lg bg-surface-2 px-3 py-2 text-sm">
            <span className="text-muted">{index + 1}º lugar</span>{' '}
            <span className="font-semibold text-foreground">
              <Prize amount={prize} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const PODIUM_STYLE = [
  {
    icon: Crown,
    ring: 'border-yellow-400/50 bg-yellow-400/10',
    text: 'text-yellow-300',
    order: 'sm:order-2',
  },
  {
    icon: Medal,
    ring: 'border-zinc-300/40 bg-zinc-300/10',
    text: 'text-zinc-200',
    order: 'sm:order-1 sm:mt-6',
  },
  {
    icon: Medal,
    ring: 'border-amber-600/50 bg-amber-600/10',
    text: 'text-amber-400',
    order: 'sm:order-3 sm:mt-10',
  },
] as const;

function likesLabel(n: number) {
  return n === 1 ? '1 curtida' : `${formatCount(n)} curtidas`;
}

function Instagram({ handle }: { handle: string | null }) {
  if (!handle) return null;
  return <span className="block truncate text-xs text-muted">@{handle.replace(/^@/, '')}</span>;
}

type OpenProfile = (userId: string) => void;

/** A ranked member's name as the button opening the profile modal ('Ver perfil de …'). */
function NameButton({
  entry,
  onOpenProfile,
  className,
}: {
  entry: RankingEntry;
  onOpenProfile: OpenProfile;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpenProfile(entry.id)}
      aria-label={`Ver perfil de ${entry.name}`}
      className={cn(
        'block max-w-full rounded font-semibold [overflow-wrap:anywhere] hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60',
        className,
      )}
    >
      {entry.name}
    </button>
  );
}

function Podium({ entries, onOpenProfile }: { entries: RankingEntry[]; onOpenProfile: OpenProfile }) {
  return (
    <ol aria-label="Pódio" className="grid gap-3 sm:grid-cols-3">
      {entries.map((entry, index) => {
        const style = PODIUM_STYLE[index];
        const Icon = style.icon;
        return (
          <li
            key={entry.id}
            className={cn(
              'flex flex-col items-center rounded-xl border p-4 text-center',
              style.ring,
              style.order,
            )}
          >
            <Icon aria-hidden className={cn('h-6 w-6', style.text)} />
            <span className={cn('mt-1 text-sm font-bold', style.text)}>{entry.position}º lugar</span>
            <AvatarButton
              name={entry.name}
              avatar={entry.avatar}
              size="lg"
              className="mt-3"
              onClick={() => onOpenProfile(entry.id)}
            />
            <NameButton entry={entry} onOpenProfile={onOpenProfile} className="mt-2" />
            <Instagram handle={entry.instagram} />
            <span className="mt-2 text-sm font-semibold text-green-300 tabular-nums">
              {likesLabel(entry.monthlyLikes)}
            </span>
            {PRIZES[entry.position - 1] ? (
              <span className="mt-1 text-xs text-muted">
                Prêmio: <Prize amount={PRIZES[entry.position - 1] as string} />
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function Others({ entries, onOpenProfile }: { entries: RankingEntry[]; onOpenProfile: OpenProfile }) {
  return (
    <section aria-labelledby="outros-colocados" className="space-y-3">
      <h2 id="outros-colocados" className="font-semibold">
        Outros Colocados
      </h2>
      <ol className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface">
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-center gap-3 px-3 py-3 sm:px-4">
            <span className="w-8 shrink-0 text-center font-bold text-muted tabular-nums">
              {entry.position}º
            </span>
            <AvatarButton
              name={entry.name}
              avatar={entry.avatar}
              size="sm"
              onClick={() => onOpenProfile(entry.id)}
            />
            <span className="min-w-0 flex-1">
              <NameButton entry={entry} onOpenProfile={onOpenProfile} className="text-left text-sm" />
              <Instagram handle={entry.instagram} />
            </span>
            <span className="shrink-0 text-sm font-semibold text-green-300 tabular-nums">
              {likesLabel(entry.monthlyLikes)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function RankingSkeleton() {
  return (
    <div role="status" aria-label="Carregando ranking" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div
            key={i}
            aria-hidden
            className="h-52 animate-pulse rounded-xl border border-border bg-surface"
          />
        ))}
      </div>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} aria-hidden className="h-14 animate-pulse rounded-xl border border-border bg-surface" />
      ))}
    </div>
  );
}

/**
 * Which month's ranking is shown: the current one (null) or an earlier one, frozen as announced. Hidden while the
 * club has only the current month to show.
 */
function MonthPicker({
  month,
  onChange,
}: {
  month: string | null;
  onChange: (month: string | null) => void;
}) {
  const months = useRankingMonths();
  const current = saoPauloMonthKey();
  const id = useId();
  if (months.length < 2) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 sm:justify-end">
      <label htmlFor={id} className="text-sm font-medium text-zinc-300">
        Mês do ranking
      </label>
      <div className="w-full sm:w-80">
        <Select
          id={id}
          value={month ?? current}
          onChange={(event) => onChange(event.target.value === current ? null : event.target.value)}
        >
          {months.map((key) => (
            <option key={key} value={key}>
              {rankingMonthOption(key, current)}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

/** A closed month's heading: its final places, no countdown. */
function PastMonthHeading({ month }: { month: string }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-4 sm:p-5">
      <h2 className="flex items-center gap-2 font-semibold">
        <Trophy aria-hidden className="h-5 w-5 text-primary" />
        Ranking de {rankingMonthLabel(month)}
      </h2>
      <p className="mt-1 text-sm text-muted">
        Resultado final do mês, como foi anunciado quando ele terminou.
      </p>
    </div>
  );
}

/**
 * Dashboard tab 'ranking', the monthly ranking: countdown, explainer, podium, places 4 to 10; an earlier month
 * (chosen above) shows its frozen podium and places instead of the countdown.
 */
export default function RankingTab() {
  const [month, setMonth] = useState<string | null>(null);
  const query = useMonthlyRanking(month);
  const entries = query.data ?? [];
  const [profileUserId, setProfileUserId] = useState<string | null>(null);

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <MonthPicker month={month} onChange={setMonth} />
      {month === null ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <Countdown />
          <Explainer />
        </div>
      ) : (
        <PastMonthHeading month={month} />
      )}
      {query.isPending ? (
        <RankingSkeleton />
      ) : query.isError ? (
        <LoadError
          message="Não foi possível carregar o ranking."
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : entries.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-border bg-surface/50 px-6 py-16 text-center">
          <Trophy aria-hidden className="mb-3 h-8 w-8 text-muted" />
          {month === null ? (
            <>
              <p className="font-semibold">Nenhum ranking disponível ainda.</p>
              <p className="mt-1 max-w-sm text-sm text-muted">
                Publique na Comunidade: as curtidas que você receber este mês colocam você no ranking.
              </p>
            </>
          ) : (
            <p className="font-semibold">Ninguém entrou no ranking de {rankingMonthLabel(month)}.</p>
          )}
        </div>
      ) : (
        <>
          <Podium entries={entries.slice(0, 3)} onOpenProfile={setProfileUserId} />
          {entries.length > 3 ? (
            <Others entries={entries.slice(3, 10)} onOpenProfile={setProfileUserId} />
          ) : null}
        </>
      )}
      <ProfileModal userId={profileUserId} onClose={() => setProfileUserId(null)} />
    </div>
  );
}
