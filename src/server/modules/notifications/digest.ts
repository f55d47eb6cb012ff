import { TZDate } from '@date-fns/tz';
import { formatCount, formatSignedCount } from '../../../shared/number-format';
import { SAO_PAULO_TIME_ZONE } from '../../../shared/sao-paulo-month';
import type { OfferCard } from '../../../shared/schemas/offers';
import type { DbOrTx } from '../../db/client';
import { describeError } from '../../lib/describe-error';
import type { MailItem } from '../../lib/mail/layout';
import type { MailMessage } from '../../lib/mail/mail';
import { getMonthlyRanking } from '../community/ranking.service';
import { listOffers } from '../offers/catalogue.service';
import { activityLink } from './activity';
import type { Recipient } from './delivery.repo';
import { claimDigestWeek, findMostLikedPosts, findNextCall, queueDigests } from './digest.repo';
import { memberMail, type UnsubscribeLinks } from './notice-mail';

const ZONE = SAO_PAULO_TIME_ZONE;
/** Monday 09:00 in São Paulo. */
const SEND_HOUR = 9;

/**
 * The week whose digest is due at `now`: its São Paulo Monday ('YYYY-MM-DD'), once Monday 09:00 has passed (a club
 * started later in the week still sends that week's), else null (Monday before 09:00: last week's was due a week ago).
 */
export function dueDigestWeek(now: Date): string | null {
  const local = new TZDate(now.getTime(), ZONE);
  const sinceMonday = (local.getDay() + 6) % 7;
  if (sinceMonday === 0 && local.getHours() < SEND_HOUR) return null;
  const monday = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - sinceMonday, ZONE);
  return `${monday.getFullYear()}-${String(monday.getMonth() + 1).padStart(2, '0')}-${String(monday.getDate()).padStart(2, '0')}`;
}

/** The instant the week's digest is about: Monday 09:00 São Paulo of that week. */
export function digestInstant(week: string): Date {
  const [year, month, day] = week.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, SEND_HOUR, 0, 0, ZONE).getTime());
}

export interface DigestContent {
  scaling: OfferCard[];
  added: OfferCard[];
  posts: { id: string; title: string; likes: number }[];
  ranking: { name: string; monthlyLikes: number }[];
  nextCall: { title: string; startsAt: Date } | null;
}

/** Anyone's view of the catalogue (the digest is the same for every member; hidden offers never in it). */
const MEMBER_VIEW = { id: '00000000-0000-0000-0000-000000000000', isAdmin: false };

/** What the week's digest tells, the same for every member: up to 5 offers scaling, 5 new, 3 posts, the podium, the next call. */
export async function loadDigestContent(db: DbOrTx, week: string): Promise<DigestContent> {
  const at = digestInstant(week);
  const page = { page: 1, pageSize: 5 } as const;
  const [scaling, added, posts, ranking, nextCall] = await Promise.all([
    listOffers(db, MEMBER_VIEW, { ...page, momentum: 'escalando', sort: 'growth' }),
    listOffers(db, MEMBER_VIEW, { ...page, momentum: 'novo', sort: 'recent' }),
    findMostLikedPosts(db, at, 3),
    getMonthlyRanking(db, at),
    findNextCall(db, new Date()),
  ]);
  return {
    scaling: scaling.items,
    added: added.items,
    posts,
    ranking: ranking.slice(0, 3).map((entry) => ({ name: entry.name, monthlyLikes: entry.monthlyLikes })),
    nextCall,
  };
}

const callTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: ZONE,
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The digest e-mail, or null when the week brought nothing new (no offer scaling or added, no liked post): the
 * podium and the next call alone are not news.
 */
export function digestMail(input: {
  recipient: Recipient;
  content: DigestContent;
  appUrl: string;
  links: UnsubscribeLinks;
}): MailMessage | null {
  const { content, appUrl, recipient, links } = input;
  if (content.scaling.length + content.added.length + content.posts.length === 0) return null;
  const offerItem = (offer: OfferCard, detail: string): MailItem => ({
    title: offer.productTitle,
    detail,
    href: `${appUrl}/detalhes-oferta/${offer.id}`,
  });
  const sections: { heading: string; items: MailItem[] }[] = [];
  if (content.scaling.length) {
    sections.push({
      heading: 'Ofertas escalando',
      items: content.scaling.map((offer) =>
        offerItem(
          offer,
          `${offer.niche} · ${formatCount(offer.ads)} anúncios (${formatSignedCount(offer.growth7d?.ads ?? 0)} em 7 dias)`,
        ),
      ),
    });
  }
  if (content.added.length) {
    sections.push({
      heading: 'Ofertas novas no catálogo',
      items: content.added.map((offer) =>
        offerItem(offer, `${offer.niche} · ${formatCount(offer.ads)} anúncios`),
      ),
    });
  }
  if (content.posts.length) {
    sections.push({
      heading: 'Mais curtidos na Comunidade',
      items: content.posts.map((post) => ({
        title: post.title,
        detail: `${formatCount(post.likes)} ${post.likes === 1 ? 'curtida' : 'curtidas'} na semana`,
        href: `${appUrl}${activityLink('community', post.id)}`,
      })),
    });
  }
  if (content.ranking.length) {
    sections.push({
      heading: 'Top 3 do ranking do mês',
      items: content.ranking.map((entry, index) => ({
        title: `${index + 1}º ${entry.name}`,
        detail: `${formatCount(entry.monthlyLikes)} curtidas`,
        href: `${appUrl}/dashboard?tab=ranking`,
      })),
    });
  }
  if (content.nextCall) {
    sections.push({
      heading: 'Próxima call ao vivo',
      items: [
        {
          title: content.nextCall.title,
          detail: callTime.format(content.nextCall.startsAt),
          href: `${appUrl}/dashboard?tab=calls-ao-vivo`,
        },
      ],
    });
  }
  return memberMail({
    recipient,
    kind: 'digest',
    links,
    subject: 'Sua semana no Clube Escala',
    intro: 'Você não passou pelo clube nos últimos 7 dias. Veja o que aconteceu:',
    text: [
      ...sections.flatMap((section) => [
        '',
        section.heading.toUpperCase(),
        ...section.items.flatMap((item) => [
          `- ${item.title}`,
          `  ${item.detail ?? ''}`,
          `  ${item.href ?? ''}`,
        ]),
      ]),
      '',
      `Abrir o clube: ${appUrl}/dashboard`,
      '',
    ],
    html: { sections, button: { label: 'Abrir o clube', href: `${appUrl}/dashboard` } },
  });
}

/**
 * The digest e-mail builder the outbox uses for 'digest:<week>' rows: the week's content is loaded once per week
 * and process (every member gets the same), then dressed per member.
 */
export function createDigestMailer(db: DbOrTx, appUrl: string) {
  const cache = new Map<string, Promise<DigestContent>>();
  return async (
    recipient: Recipient,
    subject: string,
    links: UnsubscribeLinks,
  ): Promise<MailMessage | null> => {
    const week = subject.replace(/^digest:/, '');
    let content = cache.get(week);
    if (!content) {
      cache.clear();
      content = loadDigestContent(db, week);
      content.catch(() => cache.delete(week));
      cache.set(week, content);
    }
    return digestMail({ recipient, content: await content, appUrl, links });
  };
}

/**
 * Weekly digests: every instance checks every 5 minutes; the one whose insert takes the week in digest_runs queues
 * that week's e-mails (the outbox sends them). `tick(now)` is one check (the timer calls it; tests too).
 */
export function startDigestSchedule(
  options: { db: DbOrTx; log: { error(o: object, m: string): void } },
  everyMs = 5 * 60_000,
) {
  const tick = async (now = new Date()): Promise<number | null> => {
    const week = dueDigestWeek(now);
    if (!week || !(await claimDigestWeek(options.db, week))) return null;
    return queueDigests(options.db, week);
  };
  const timer = setInterval(
    () =>
      void tick().catch((error: unknown) =>
        options.log.error({ error: describeError(error) }, 'resumo semanal não foi enfileirado'),
      ),
    everyMs,
  );
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
