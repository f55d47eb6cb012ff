import { Check, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { CHECKOUT_PATH, SUPPORT_PATH } from '../../../../shared/club';
import type { ClubPlan } from '../../../../shared/schemas/club';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatBRL } from '../../../lib/format';
import { useClubPlans } from '../api/use-club-plans';

const INCLUDED = [
  'Catálogo completo de ofertas escaladas, atualizado pela equipe',
  'Comunidade e mural de divulgação com outros afiliados',
  'Ranking mensal com prêmios em dinheiro',
  'Todas as ferramentas do clube',
  'Calls ao vivo toda quinta às 20h e as gravações',
];

function PlanCard({ plan, highlighted }: { plan: ClubPlan; highlighted: boolean }) {
  const monthly = plan.months > 1 ? plan.priceCents / plan.months / 100 : null;
  return (
    <article
      className={cn(
        'flex flex-col rounded-2xl border bg-surface p-6 sm:p-7',
        highlighted ? 'border-primary/60 shadow-lg shadow-primary/10' : 'border-border',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-foreground">{plan.name}</h3>
        {highlighted ? (
          <span className="rounded-full bg-primary/15 px-2.5 py-0.5 text-xs font-semibold text-primary">
            Melhor valor
          </span>
        ) : null}
      </div>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-extrabold whitespace-nowrap text-foreground">
          {formatBRL(plan.priceCents / 100)}
        </span>
        <span className="text-sm text-muted">
          {plan.months === 1 ? 'por mês' : `a cada ${plan.months} meses`}
        </span>
      </p>
      <p className="mt-1 min-h-5 text-sm text-muted">
        {monthly !== null
          ? `Equivale a ${formatBRL(monthly)} por mês`
          : 'Renovação mensal, cancele quando quiser'}
      </p>
      <ul className="mt-6 flex-1 space-y-2.5 text-sm text-zinc-300">
        {INCLUDED.map((item) => (
          <li key={item} className="flex gap-2.5">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
            {item}
          </li>
        ))}
      </ul>
      <a
        href={plan.checkoutPath}
        className={buttonClass({
          variant: highlighted ? 'primary' : 'outline',
          size: 'lg',
          className: 'mt-7 w-full',
        })}
      >
        {`Assinar ${plan.name}`}
        <ExternalLink className="h-4 w-4" aria-hidden />
      </a>
    </article>
  );
}

/** The landing page's plans: prices from the server's configuration, each buy button through /clube. */
export function PlansSection() {
  const { data, isError } = useClubPlans();
  return (
    <section
      id="planos"
      aria-labelledby="planos-title"
      className="relative mx-auto max-w-4xl scroll-mt-20 px-4 pb-20 sm:px-6 sm:pb-28"
    >
      <div className="mb-8 text-center">
        <h2 id="planos-title" className="text-2xl font-bold text-foreground sm:text-3xl">
          Planos
        </h2>
        <p className="mt-2 text-muted">
          O pagamento é feito na Lastlink. Depois da compra, crie sua conta com o mesmo e-mail.
        </p>
      </div>
      {data ? (
        <div className="grid gap-4 sm:gap-6 md:grid-cols-2">
          {data.plans.map((plan, index) => (
            <PlanCard key={plan.id} plan={plan} highlighted={index === data.plans.length - 1} />
          ))}
        </div>
      ) : isError ? (
        <div className="rounded-2xl border border-border bg-surface p-6 text-center text-sm text-muted">
          <p>Não foi possível carregar os preços agora.</p>
          <a href={CHECKOUT_PATH} className={buttonClass({ className: 'mt-4' })}>
            Ver planos no checkout
          </a>
        </div>
      ) : (
        <div aria-hidden className="grid gap-4 sm:gap-6 md:grid-cols-2">
          <div className="h-[30rem] animate-pulse rounded-2xl border border-border bg-surface" />
          <div className="h-[30rem] animate-pulse rounded-2xl border border-border bg-surface" />
        </div>
      )}
      <p className="mt-8 text-center text-sm text-muted">
        Já comprou?{' '}
        <Link to="/register" className="font-medium text-primary hover:text-green-300">
          Crie sua conta
        </Link>{' '}
        com o e-mail da compra. Dúvidas?{' '}
        <a
          href={SUPPORT_PATH}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-primary hover:text-green-300"
        >
          Fale com o suporte
        </a>
        .
      </p>
    </section>
  );
}
