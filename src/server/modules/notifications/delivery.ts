import type { FastifyBaseLogger } from 'fastify';
import type { PreferenceKind } from '../../../shared/schemas/notifications';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { describeError } from '../../lib/describe-error';
import type { Mailer, MailMessage } from '../../lib/mail/mail';
import type { DeliveryCounts } from '../../plugins/metrics';
import { sendPush } from '../push/push.service';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  findNoticesForMail,
  findRecipient,
  markDeliveriesFailed,
  markDeliveriesSent,
  markDeliveriesSkipped,
  type NoticeForMail,
  type Recipient,
} from './delivery.repo';
import { noticeMail, type UnsubscribeLinks } from './notice-mail';
import { findPreference } from './preferences.repo';
import { signUnsubscribeToken, unsubscribeKey } from './unsubscribe-token';

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  config: AppConfig;
  log: Pick<FastifyBaseLogger, 'info' | 'error' | 'warn'>;
  /** The app's counters of sends (clube_notification_sends_total): one per e-mail or push that left or failed. */
  counts?: DeliveryCounts;
  /** Builds a digest row's e-mail (modules/notifications/digest.ts); null: nothing new, the row is skipped. */
  digestMail?: (
    recipient: Recipient,
    subject: string,
    links: UnsubscribeLinks,
  ) => Promise<MailMessage | null>;
}

/** How long a claimed row stays with this instance before another may take it (a send never takes this long). */
const LEASE_SECONDS = 120;
const BATCH = 200;
/** Waits before the 2nd, 3rd, 4th and 5th tries; then the row is given up ('failed'). */
const RETRY_SECONDS = [60, 300, 900, 3600] as const;
/** Groups sent at the same time (one SMTP connection each). */
const PARALLEL = 4;

export interface TickResult {
  sent: number;
  skipped: number;
  failed: number;
  retried: number;
}

/** The links of a member's e-mail about one kind: one-click (List-Unsubscribe), the page, /perfil. */
export async function unsubscribeLinksFor(
  deps: Pick<DeliveryDeps, 'db' | 'config'>,
  userId: string,
  kind: PreferenceKind,
): Promise<UnsubscribeLinks> {
  const token = signUnsubscribeToken(await unsubscribeKey(deps.db), userId, kind);
  const base = deps.config.APP_URL;
  return {
    oneClick: `${base}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    page: `${base}/descadastrar?token=${encodeURIComponent(token)}`,
    preferences: `${base}/perfil#notificacoes`,
  };
}

/** An SMTP answer that will not change with a retry (5xx: no such mailbox, refused). */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

type Group = { userId: string; kind: PreferenceKind; channel: 'email' | 'push'; rows: ClaimedDelivery[] };

function groupRows(rows: readonly ClaimedDelivery[]): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    // A digest is one e-mail of its own; notices go one e-mail per member and kind.
    const key = row.kind === 'digest' ? `digest:${row.id}` : `${row.userId}|${row.kind}|${row.channel}`;
    const group = groups.get(key) ?? { userId: row.userId, kind: row.kind, channel: row.channel, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Sends what is due in the outbox (notification_deliveries): claims a batch, sends one e-mail per member and kind,
 * marks each row sent, skipped (switched off since, already read in the bell, member gone) or failed with a retry.
 * Any instance may run it at any time: claims never overlap. The bell notice is never touched.
 */
export async function deliverDue(deps: DeliveryDeps, budgetMs = 20_000): Promise<TickResult> {
  const total: TickResult = { sent: 0, skipped: 0, failed: 0, retried: 0 };
  const started = Date.now();
  for (;;) {
    const rows = await claimDueDeliveries(deps.db, BATCH, LEASE_SECONDS);
    const groups = groupRows(rows);
    for (let i = 0; i < groups.length; i += PARALLEL) {
      await Promise.all(groups.slice(i, i + PARALLEL).map((group) => sendGroup(deps, group, total)));
    }
    if (rows.length < BATCH || Date.now() - started > budgetMs) return total;
  }
}

async function sendGroup(deps: DeliveryDeps, group: Group, total: TickResult): Promise<void> {
  const skip = async (rows: readonly ClaimedDelivery[], why: string) => {
    await markDeliveriesSkipped(deps.db, rows, why);
    total.skipped += rows.length;
  };
  try {
    const recipient = await findRecipient(deps.db, group.userId);
    if (!recipient?.active) return await skip(group.rows, 'membro inativo');
    const preference = await findPreference(deps.db, group.userId, group.kind);
    if (group.channel === 'push') {
      if (!preference.push) return await skip(group.rows, 'desligado pelo membro');
      return await pushGroup(deps, group, total, skip);
    }
    if (preference.email === 'off') return await skip(group.rows, 'desligado pelo membro');
    const links = await unsubscribeLinksFor(deps, group.userId, group.kind);

    let message: MailMessage | null;
    let included = group.rows;
    if (group.kind === 'digest') {
      const [row] = group.rows;
      message = row?.subject && deps.digestMail ? await deps.digestMail(recipient, row.subject, links) : null;
      if (!message) return await skip(group.rows, 'nada novo na semana');
    } else {
      const unseen = await unseenNotices(deps, group, skip);
      if (unseen.notices.length === 0) return;
      included = unseen.rows;
      message = noticeMail({
        recipient,
        kind: group.kind,
        notices: unseen.notices,
        appUrl: deps.config.APP_URL,
        links,
      });
    }
    try {
      await deps.mailer.send(message);
    } catch (error) {
      deps.counts?.count('email', 'failed');
      const attempts = Math.max(...included.map((row) => row.attempts));
      const retry = isPermanent(error) ? null : (RETRY_SECONDS[attempts - 1] ?? null);
      await markDeliveriesFailed(deps.db, included, describeError(error).slice(0, 500), retry);
      if (retry === null) total.failed += included.length;
      else total.retried += included.length;
      deps.log.error(
        { kind: group.kind, attempts, retryInSeconds: retry, error: describeError(error) },
        'e-mail de aviso não enviado',
      );
      return;
    }
    deps.counts?.count('email', 'sent');
    await markDeliveriesSent(deps.db, included);
    total.sent += included.length;
  } catch (error) {
    // The database failed mid-way: the claim runs out and the rows are taken again.
    deps.log.error({ error: describeError(error) }, 'entrega de avisos interrompida');
  }
}

/**
 * The group's notices as they are now, without those the member read or removed in the bell before this left (they
 * have seen them: their rows are skipped), latest first, with the rows that go.
 */
async function unseenNotices(
  deps: DeliveryDeps,
  group: Group,
  skip: (rows: readonly ClaimedDelivery[], why: string) => Promise<void>,
): Promise<{ notices: NoticeForMail[]; rows: ClaimedDelivery[] }> {
  const notices = await findNoticesForMail(
    deps.db,
    group.userId,
    group.rows.flatMap((row) => (row.notificationId ? [row.notificationId] : [])),
  );
  const unseen = notices.filter((notice) => notice.isRead === false);
  const ids = new Set(unseen.map((notice) => notice.id));
  const rows = group.rows.filter((row) => row.notificationId && ids.has(row.notificationId));
  await skip(
    group.rows.filter((row) => !rows.includes(row)),
    'já visto no sino',
  );
  return { notices: unseen, rows };
}

/**
 * One push to the member's devices for the group's unseen notices (the latest says itself, the others are counted),
 * tagged by kind so a phone shows the newest of a kind in place of the older. A device the push service no longer
 * knows is forgotten by sendPush; a push that reached no device is not retried (a later one will be sent).
 */
async function pushGroup(
  deps: DeliveryDeps,
  group: Group,
  total: TickResult,
  skip: (rows: readonly ClaimedDelivery[], why: string) => Promise<void>,
): Promise<void> {
  const { notices: unseen, rows: included } = await unseenNotices(deps, group, skip);
  const [latest] = unseen;
  if (!latest) return;
  const more = unseen.length - 1;
  const result = await sendPush(deps, group.userId, {
    title: latest.title,
    body: more === 0 ? latest.description : `${latest.description} (e mais ${more} no sino)`,
    url: latest.link ?? '/dashboard',
    kind: latest.kind,
    tag: latest.kind,
  });
  deps.counts?.count('push', result.sent > 0 ? 'sent' : 'failed');
  if (result.sent > 0) {
    await markDeliveriesSent(deps.db, included);
    total.sent += included.length;
  } else {
    await markDeliveriesFailed(
      deps.db,
      included,
      `nenhum aparelho recebeu (${result.failed} falhas, ${result.removed} removidos)`,
      null,
    );
    total.failed += included.length;
  }
}

/**
 * Every instance sends the outbox every `everyMs` (5 s: the first 'immediate' e-mail of a burst leaves within
 * seconds); claims keep two instances off the same rows. `tick()` runs one pass now (tests, shutdown-free).
 */
export function startNotificationDelivery(deps: DeliveryDeps, everyMs = 5_000) {
  let running: Promise<TickResult> | null = null;
  const tick = () => {
    running ??= deliverDue(deps).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(
    () =>
      void tick().catch((error: unknown) =>
        deps.log.error({ error: describeError(error) }, 'entrega de avisos falhou'),
      ),
    everyMs,
  );
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
