import {
  ArrowRight,
  Radar,
  ScanSearch,
  ShieldCheck,
  TrendingUp,
  Trophy,
  Users,
  Video,
  Wrench,
  Zap,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RANKING_PRIZES_REAIS } from '../../../shared/club';
import { saoPauloDay } from '../../../shared/sao-paulo-day';
import { buttonClass } from '../../components/ui/button';
import { BrandLogo } from '../../features/auth/components/brand-logo';
import { PlansSection } from '../../features/club/components/plans-section';
import { formatTicket } from '../../lib/format';

const features: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <ScanSearch aria-hidden />,
    title: 'Análise Completa',
    text: 'Testamos 1.360 combinações de slugs em cada domínio: termos de marketing, páginas de administração e padrões comuns.',
  },
  {
    icon: <Zap aria-hidden />,
    title: 'Resultados Rápidos',
    text: 'Processamento paralelo: várias URLs verificadas ao mesmo tempo, com o resultado na sua tela em instantes.',
  },
  {
    icon: <ShieldCheck aria-hidden />,
    title: 'Seguro e Prático',
    text: 'Pagamento via PIX e saldo individual na sua conta: cada verificação custa R$\u00a01,00.',
  },
];

const [first, second, third] = RANKING_PRIZES_REAIS.map(formatTicket);

/** What a membership holds (the buyer's question before the plans). */
const clubParts: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <TrendingUp aria-hidden />,
    title: 'Ofertas escaladas',
    text: 'Catálogo de ofertas de resposta direta que estão escalando, com criativo, ROAS, ticket, anúncios ativos e os links da biblioteca e da página.',
  },
  {
    icon: <Users aria-hidden />,
    title: 'Comunidade',
    text: 'Troque experiências com outros afiliados e divulgue seus serviços no mural de divulgação.',
  },
  {
    icon: <Trophy aria-hidden />,
    title: 'Ranking com prêmios',
    text: `Todo mês os três membros mais curtidos da comunidade ganham ${first}, ${second} e ${third}.`,
  },
  {
    icon: <Wrench aria-hidden />,
    title: 'Ferramentas',
    text: 'Espião de slugs, clonador de sites, otimizador de campanhas, validador de criativos, geradores de VSL, produto e upsell.',
  },
  {
    icon: <Video aria-hidden />,
    title: 'Calls ao vivo',
    text: 'Mentoria ao vivo toda quinta às 20h, com as gravações liberadas no clube.',
  },
];

const facts = [
  { value: '1.360', label: 'slugs testados por domínio' },
  { value: '20', label: 'verificações simultâneas' },
  { value: 'R$ 1,00', label: 'por verificação' },
];

export default function LandingRoute() {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="sticky top-0 z-20 border-b border-border/60 bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to="/home" aria-label="Clube Escala: página inicial" className="shrink-0">
            <BrandLogo />
          </Link>
          <nav className="flex items-center gap-1 sm:gap-2">
            {/* Phones have room for the two account buttons only; 'Ainda não é membro? Veja os planos' is below. */}
            <span className="hidden sm:block">
              <a
                href="#planos"
                className={buttonClass({
                  variant: 'ghost',
                  size: 'sm',
                  className: 'whitespace-nowrap sm:h-10',
                })}
              >
                Planos
              </a>
            </span>
            <Link
              to="/login"
              className={buttonClass({
                variant: 'ghost',
                size: 'sm',
                className: 'whitespace-nowrap sm:h-10',
              })}
            >
              Entrar
            </Link>
            <Link
              to="/register"
              className={buttonClass({ size: 'sm', className: 'whitespace-nowrap sm:h-10 sm:px-4' })}
            >
              Criar Conta
            </Link>
          </nav>
        </div>
      </header>

      <main className="relative flex-1 overflow-hidden">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 top-0 h-[640px] bg-[radial-gradient(ellipse_70%_55%_at_50%_0%,rgba(34,197,94,0.18),transparent)]"
        />
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 top-0 h-[640px] bg-[linear-gradient(to_right,rgba(255,255,255,0.035)_1px,transparent_1px),linear-gradient(to_bottom,rgba(255,255,255,0.035)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_60%_60%_at_50%_0%,black,transparent)]"
        />

        <section className="relative mx-auto max-w-4xl px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24 sm:pb-20">
          <span className="mb-6 inline-flex items-center gap-2 rounded-full border border-primary/30 bg-primary/10 px-3 py-1 text-xs font-medium text-primary sm:text-sm">
            <Radar aria-hidden className="h-4 w-4" />
            Espião de slugs do Clube Escala
          </span>
          <h1 className="mx-auto max-w-3xl text-4xl leading-tight font-extrabold tracking-tight text-foreground sm:text-6xl sm:leading-[1.05]">
            Descubra URLs Ativas e{' '}
            <span className="bg-gradient-to-r from-green-300 via-primary to-emerald-500 bg-clip-text text-transparent">
              Páginas Ocultas
            </span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-base leading-relaxed text-muted sm:text-lg">
            Encontre páginas escondidas e não indexadas de qualquer domínio: upsells, obrigados, áreas de
            membros e páginas de teste que seus concorrentes não mostram nos anúncios.
          </p>
          <div className="mt-10 flex flex-col items-center gap-3">
            <Link
              to="/register"
              className={buttonClass({
                size: 'lg',
                className: 'h-13 w-full px-8 text-base shadow-lg shadow-primary/25 sm:w-auto',
              })}
            >
              Começar Agora
              <ArrowRight aria-hidden className="h-5 w-5" />
            </Link>
            <p className="text-sm text-muted">Crie sua conta e receba créditos para testar o sistema</p>
            <a href="#planos" className="text-sm font-medium text-primary hover:text-green-300">
              Ainda não é membro? Veja os planos
            </a>
          </div>

          <dl className="mx-auto mt-14 grid max-w-3xl grid-cols-3 divide-x divide-border rounded-xl border border-border bg-surface/70 backdrop-blur">
            {facts.map((fact) => (
              <div key={fact.label} className="px-2 py-4 sm:px-6 sm:py-5">
                <dt className="sr-only">{fact.label}</dt>
                <dd className="text-lg font-bold text-foreground sm:text-2xl">{fact.value}</dd>
                <dd className="mt-1 text-[11px] leading-snug text-muted sm:text-sm">{fact.label}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-label="Recursos" className="relative mx-auto max-w-6xl px-4 pb-20 sm:px-6 sm:pb-28">
          <div className="grid gap-4 sm:gap-6 md:grid-cols-3">
            {features.map((feature) => (
              <article
                key={feature.title}
                className="group rounded-2xl border border-border bg-surface p-6 transition-colors hover:border-primary/40 sm:p-7"
              >
                <span className="mb-5 flex h-12 w-12 items-center justify-center rounded-xl border border-primary/25 bg-primary/10 text-primary [&>svg]:h-6 [&>svg]:w-6">
                  {feature.icon}
                </span>
                <h2 className="mb-2 text-lg font-semibold text-foreground">{feature.title}</h2>
                <p className="text-sm leading-relaxed text-muted">{feature.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section
          aria-labelledby="clube-title"
          className="relative mx-auto max-w-6xl px-4 pb-20 sm:px-6 sm:pb-28"
        >
          <div className="mb-8 text-center">
            <h2 id="clube-title" className="text-2xl font-bold text-foreground sm:text-3xl">
              O que tem no Clube Escala
            </h2>
            <p className="mt-2 text-muted">O espião de slugs é só uma parte do que a assinatura libera.</p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-5">
            {clubParts.map((part) => (
              <li key={part.title} className="rounded-2xl border border-border bg-surface p-5">
                <span className="mb-4 flex h-10 w-10 items-center justify-center rounded-lg border border-primary/25 bg-primary/10 text-primary [&>svg]:h-5 [&>svg]:w-5">
                  {part.icon}
                </span>
                <h3 className="mb-1.5 font-semibold text-foreground">{part.title}</h3>
                <p className="text-sm leading-relaxed text-muted">{part.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <PlansSection />
      </main>

      <footer className="border-t border-border/60">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-muted sm:flex-row sm:px-6">
          <BrandLogo className="scale-90" />
          <p className="text-center">
            © {saoPauloDay().slice(0, 4)} Clube Escala. Todos os direitos reservados.
          </p>
        </div>
      </footer>
    </div>
  );
}
