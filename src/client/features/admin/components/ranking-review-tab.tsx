import { Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { LIKE_EXCLUSION_LABELS } from '../../../../shared/like-exclusion';
import { saoPauloMonthKey } from '../../../../shared/sao-paulo-month';
import type { RankingOverrideInput, RankingReview } from '../../../../shared/schemas/community';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { Table, TBody, Td, THead, Th, Tr } from '../../../components/ui/table';
import { formatCount } from '../../../lib/format';
import { rankingMonthLabel, rankingMonthOption, useRankingMonths } from '../../../lib/ranking-months';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useRankingReview } from '../api/use-ranking-review';
import { useSetRankingDecision } from '../api/use-set-ranking-decision';
import { ErrorBlock, LoadingBlock } from './query-state';

type Entry = RankingReview['entries'][number];
type Decision = RankingOverrideInput['decision'];

const excludedTotal = (entry: Entry) => entry.excluded.reduce((sum, e) => sum + e.count, 0);

/**
 * The order the administrator reads the review in: the members with the most excluded likes first (the ones to look
 * at), then the most counted, then by name. The server sends them by name.
 */
export function sortForReview(entries: readonly Entry[]): Entry[] {
  return [...entries].sort(
    (a, b) =>
      excludedTotal(b) - excludedTotal(a) || b.counted - a.counted || a.name.localeCompare(b.name, 'pt-BR'),
  );
}

const DECISIONS: readonly {
  value: Decision;
  badge: string;
  action: string;
  aria: (name: string) => string;
}[] = [
  {
    value: null,
    badge: 'Regras',
    action: 'Voltar às regras',
    aria: (name) => `Voltar às regras nas curtidas de ${name}`,
  },
  {
    value: 'count',
    badge: 'Contar todas',
    action: 'Contar todas',
    aria: (name) => `Contar todas as curtidas de ${name}`,
  },
  {
    value: 'exclude',
    badge: 'Excluir todas',
    action: 'Excluir todas',
    aria: (name) => `Excluir todas as curtidas de ${name}`,
  },
];

function DecisionBadge({ decision }: { decision: Decision }) {
  const label = DECISIONS.find((d) => d.value === decision)?.badge ?? 'Regras';
  const variant = decision === 'count' ? 'primary' : decision === 'exclude' ? 'danger' : 'default';
  return <Badge variant={variant}>{label}</Badge>;
}

function Exclusions({ entry }: { entry: Entry }) {
  if (entry.excluded.length === 0) return <span className="text-muted">Nenhuma</span>;
  return (
    <ul className="space-y-1 whitespace-normal md:w-64">
      {entry.excluded.map(({ reason, count }) => (
        <li key={reason} className="flex items-baseline justify-between gap-3">
          <span className="text-zinc-300">{LIKE_EXCLUSION_LABELS[reason]}</span>
          <span className="font-semibold text-red-300 tabular-nums">{formatCount(count)}</span>
        </li>
      ))}
    </ul>
  );
}

function Actions({ entry, month }: { entry: Entry; month: string }) {
  const decide = useSetRankingDecision();
  const busy = decide.isPending;
  // The order of the buttons: count, exclude, then back to the rules.
  const order = [DECISIONS[1], DECISIONS[2], DECISIONS[0]] as const;
  return (
    <div className="flex flex-wrap gap-1.5 md:flex-col xl:flex-row">
      {order.map(({ value, action, aria }) => (
        <Button
          key={String(value)}
          size="sm"
          variant={value === 'exclude' ? 'danger' : value === 'count' ? 'primary' : 'outline'}
          aria-label={aria(entry.name)}
          disabled={busy || entry.decision === value}
          onClick={() => decide.mutate({ month, userId: entry.userId, decision: value })}
        >
          {action}
        </Button>
      ))}
    </div>
  );
}

function ReviewTable({ entries, month, open }: { entries: Entry[]; month: string; open: boolean }) {
  const sticky = 'sticky left-0 z-[1] bg-background shadow-[8px_0_8px_-8px_rgba(0,0,0,0.6)]';
  return (
    <Table scrollLabel={`Curtidas de ${rankingMonthLabel(month)}`}>
      <THead>
        <tr>
          <Th className={`${sticky} bg-surface-2`}>Membro</Th>
          <Th className="text-right">Contadas</Th>
          <Th>Excluídas e motivo</Th>
          <Th>Decisão</Th>
          {open ? <Th>Ações</Th> : null}
        </tr>
      </THead>
      <TBody>
        {sortForReview(entries).map((entry) => (
          <Tr key={entry.userId}>
            <Td className={`${sticky} max-w-40 font-medium whitespace-normal [overflow-wrap:anywhere]`}>
              {entry.name}
            </Td>
            <Td className="text-right font-semibold text-green-300 tabular-nums">
              {formatCount(entry.counted)}
            </Td>
            <Td>
              <Exclusions entry={entry} />
            </Td>
            <Td>
              <DecisionBadge decision={entry.decision} />
            </Td>
            {open ? (
              <Td>
                <Actions entry={entry} month={month} />
              </Td>
            ) : null}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/** Phones: one card per member, the same facts as the table's row, nothing to scroll sideways. */
function ReviewCards({ entries, month, open }: { entries: Entry[]; month: string; open: boolean }) {
  return (
    <ul aria-label={`Curtidas de ${rankingMonthLabel(month)}`} className="space-y-3">
      {sortForReview(entries).map((entry) => (
        <li key={entry.userId} className="space-y-3 rounded-xl border border-border bg-surface p-4">
          <div className="flex items-start justify-between gap-3">
            <h3 className="font-semibold [overflow-wrap:anywhere]">{entry.name}</h3>
            <DecisionBadge decision={entry.decision} />
          </div>
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-muted">Contadas</dt>
              <dd className="font-semibold text-green-300 tabular-nums">{formatCount(entry.counted)}</dd>
            </div>
            <div className="space-y-1">
              <dt className="text-muted">Excluídas e motivo</dt>
              <dd>
                <Exclusions entry={entry} />
              </dd>
            </div>
          </dl>
          {open ? <Actions entry={entry} month={month} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The Ranking tab of /admin: for a São Paulo month (the current one by default), every member with likes received,
 * counted and excluded with the reason of each exclusion, and the administrator's decision. The current month can be
 * decided ('Contar todas', 'Excluir todas', 'Voltar às regras'); a closed month is frozen, read-only.
 */
export function RankingReviewTab() {
  const [current] = useState(() => saoPauloMonthKey());
  const months = useRankingMonths();
  const [month, setMonth] = useState(current);
  const review = useRankingReview(month);
  const open = month === current;
  const selectId = useId();
  const options = months.includes(month) ? months : [month, ...months];
  const phone = useIsMobile();

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-2xl">
          <h2 className="text-lg font-semibold">Revisão do ranking</h2>
          <p className="mt-1 text-sm text-muted">
            Cada membro com curtidas recebidas no mês: as que contam para o ranking e as que as regras
            excluíram, com o motivo. Os membros veem só as curtidas contadas.
          </p>
        </div>
        <div className="w-full sm:w-80">
          <Field label="Mês" htmlFor={selectId}>
            <Select id={selectId} value={month} onChange={(event) => setMonth(event.target.value)}>
              {options.map((key) => (
                <option key={key} value={key}>
                  {rankingMonthOption(key, current)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </div>
      {open ? null : (
        <p className="flex items-start gap-2 rounded-xl border border-border bg-surface p-4 text-sm text-zinc-300">
          <Lock aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-muted" />
          <span>
            Mês encerrado: o ranking de {rankingMonthLabel(month)} está congelado como foi anunciado e as
            decisões não mudam mais. Os números abaixo são recontados com as curtidas de hoje.
          </span>
        </p>
      )}
      {review.isPending ? (
        <LoadingBlock />
      ) : review.isError ? (
        <ErrorBlock error={review.error} what="a revisão do ranking" />
      ) : review.data.entries.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface p-8 text-center text-sm text-muted">
          Nenhuma curtida neste mês.
        </p>
      ) : phone ? (
        <ReviewCards entries={review.data.entries} month={month} open={open} />
      ) : (
        <ReviewTable entries={review.data.entries} month={month} open={open} />
      )}
    </div>
  );
}
