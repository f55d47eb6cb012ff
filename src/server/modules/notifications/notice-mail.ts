import { PREFERENCE_KIND_LABELS, type PreferenceKind } from '../../../shared/schemas/notifications';
import { mailLayout } from '../../lib/mail/layout';
import type { MailMessage } from '../../lib/mail/mail';
import type { NoticeForMail, Recipient } from './delivery.repo';

export interface UnsubscribeLinks {
  /** The List-Unsubscribe target (RFC 8058 one-click POST). */
  oneClick: string;
  /** The page a person opens from the mail's footer (works signed out). */
  page: string;
  /** Where every choice is made. */
  preferences: string;
}

/** The unsubscribe headers every notice e-mail carries (RFC 2369 + RFC 8058 one-click). */
export function unsubscribeHeaders(links: UnsubscribeLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The lines under every notice e-mail: why it came, one link to stop this kind, one to choose. */
export function unsubscribeFooter(kind: PreferenceKind, links: UnsubscribeLinks) {
  const why = `Você recebe este e-mail porque "${PREFERENCE_KIND_LABELS[kind]}" está ligado por e-mail no Clube Escala.`;
  return {
    text: ['--', why, `Parar estes e-mails: ${links.page}`, `Escolher o que receber: ${links.preferences}`],
    html: [
      { text: why },
      { text: 'Parar estes e-mails:', link: { label: 'descadastrar', href: links.page } },
      { text: 'Escolher o que receber:', link: { label: 'Meu Perfil', href: links.preferences } },
    ],
  };
}

/**
 * What every notice e-mail shares (the bell's notices and the weekly digest): "Olá, <first name>!" and the intro, the
 * unsubscribe footer and headers, the HTML in the club's layout. `text` is the plain body between the intro and the
 * footer; `html` what the card shows after the greeting and the intro.
 */
export function memberMail(input: {
  recipient: Recipient;
  kind: PreferenceKind;
  links: UnsubscribeLinks;
  subject: string;
  intro: string;
  text: string[];
  html: Pick<Parameters<typeof mailLayout>[0], 'items' | 'sections' | 'button'>;
}): MailMessage {
  const { recipient, kind, links, subject, intro } = input;
  const greeting = `Olá, ${recipient.name.split(/\s+/)[0] || recipient.name}!`;
  const footer = unsubscribeFooter(kind, links);
  const text = [greeting, '', intro, ...input.text, ...footer.text].join('\n');
  const html = mailLayout({
    title: subject,
    paragraphs: [greeting, intro],
    ...input.html,
    footer: footer.html,
  });
  return { to: recipient.email, subject, text, html, headers: unsubscribeHeaders(links) };
}

/**
 * One e-mail for one member and one kind: a single notice says itself; several (the hour's likes, a burst of
 * comments) go as one list, latest first. Plain text plus simple HTML, in Portuguese, links absolute.
 */
export function noticeMail(input: {
  recipient: Recipient;
  kind: PreferenceKind;
  notices: readonly NoticeForMail[];
  appUrl: string;
  links: UnsubscribeLinks;
}): MailMessage {
  const { recipient, notices, appUrl, links, kind } = input;
  const first = notices[0];
  if (!first) throw new Error('noticeMail without notices');
  const href = (notice: NoticeForMail) => `${appUrl}${notice.link ?? '/dashboard'}`;
  const more = notices.length - 1;
  const subject =
    more === 0 ? first.title : `${first.title} e mais ${more} ${more === 1 ? 'novidade' : 'novidades'}`;
  return memberMail({
    recipient,
    kind,
    links,
    subject,
    intro:
      more === 0
        ? 'Tem novidade para você no Clube Escala:'
        : `Tem ${notices.length} novidades para você no Clube Escala:`,
    text: [
      '',
      ...notices.flatMap((notice) => [
        notice.title,
        ...(notice.description ? [notice.description] : []),
        `Abrir: ${href(notice)}`,
        '',
      ]),
    ],
    html: {
      items: notices.map((notice) => ({
        title: notice.title,
        detail: notice.description,
        href: href(notice),
      })),
      button: { label: 'Abrir o clube', href: href(first) },
    },
  });
}
