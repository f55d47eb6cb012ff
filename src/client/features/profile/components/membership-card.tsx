import { CalendarClock, CalendarX, Crown, ExternalLink, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { CHECKOUT_PATH, SUPPORT_PATH } from '../../../../shared/club';
import type { Membership } from '../../../../shared/schemas/profile';
import { Card } from '../../../components/ui/card';
import { formatCount, formatDate } from '../../../lib/format';
import { useMembership } from '../api/use-membership';

function Item({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-0.5">
      <dt className="flex items-center gap-2 text-xs font-medium text-muted">
        <span className="text-primary [&>svg]:h-4 [&>svg]:w-4">{icon}</span>
        {label}
      </dt>
      <dd className="pl-6 text-sm text-zinc-100">{children}</dd>
    </div>
  );
}

/** How the card names the checkout event that ended the purchases (null: the club knows only the date). */
const ENDED_LABEL: Record<NonNullable<Membership['endedBy']> | 'unknown', string> = {
  subscription_canceled: 'Assinatura cancelada em',
  subscription_expired: 'Assinatura expirada em',
  payment_refund: 'Pagamento reembolsado em',
  payment_chargeback: 'Chargeback registrado em',
  unknown: 'Assinatura encerrada em',
};

/**
 * The profile's 'Assinatura' card: the plan and its dates as the checkout's webhooks told the club, and the points
 * (10 per approved offer submission, 1 per like others give the member's community posts and offers).
 */
export function MembershipCard() {
  const { data, isPending, isError } = useMembership();
  return (
    <Card className="space-y-4">
      <h2 id="assinatura-title" className="text-base font-semibold">
        Assinatura
      </h2>
      {isPending ? (
        <p className="text-sm text-muted">Carregando...</p>
      ) : isError ? (
        <p className="text-sm text-muted">Não foi possível carregar os dados da assinatura.</p>
      ) : (
        <>
          <dl aria-labelledby="assinatura-title" className="grid gap-4 sm:grid-cols-2">
            <Item icon={<Crown aria-hidden />} label="Plano">
              {data.isAdmin ? 'Administrador do clube' : data.planName}
            </Item>
            <Item
              icon={<CalendarClock aria-hidden />}
              label={data.isAdmin ? 'Conta criada em' : 'Membro desde'}
            >
              {formatDate(data.since)}
            </Item>
            {data.isAdmin ? null : (
              <>
                <Item icon={<CalendarClock aria-hidden />} label="Último pagamento">
                  {data.lastPaymentAt ? formatDate(data.lastPaymentAt) : 'Nenhum pagamento registrado'}
                </Item>
                {data.canceledAt ? (
                  <Item icon={<CalendarX aria-hidden />} label={ENDED_LABEL[data.endedBy ?? 'unknown']}>
                    {formatDate(data.canceledAt)}
                    <span className="block text-xs text-muted">
                      Sem renovação: o acesso pela assinatura terminou nessa data. Para assinar de novo, use
                      'Renovar ou trocar de plano'.
                    </span>
                  </Item>
                ) : (
                  <Item icon={<CalendarClock aria-hidden />} label="Próxima renovação">
                    {data.renewsAt ? formatDate(data.renewsAt) : 'A Lastlink ainda não informou a data'}
                  </Item>
                )}
              </>
            )}
            <Item icon={<Star aria-hidden />} label="Pontos">
              {`${formatCount(data.points)} ${data.points === 1 ? 'ponto' : 'pontos'}`}
              <span className="block text-xs text-muted">
                10 por oferta enviada e aprovada; 1 por curtida de outro membro nos seus posts da Comunidade e
                nas suas ofertas.
              </span>
            </Item>
          </dl>
          {data.isAdmin ? null : (
            <p className="text-xs leading-relaxed text-muted">
              A renovação e o cancelamento são feitos na Lastlink, onde você comprou.{' '}
              <a href={CHECKOUT_PATH} className="font-medium text-primary hover:text-green-300">
                Renovar ou trocar de plano
                <ExternalLink className="ml-1 inline h-3 w-3" aria-hidden />
              </a>{' '}
              ·{' '}
              <a
                href={SUPPORT_PATH}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-primary hover:text-green-300"
              >
                Falar com o suporte
              </a>
            </p>
          )}
        </>
      )}
    </Card>
  );
}
