import type { PreferenceKind } from '../../../shared/schemas/notifications';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { describeError } from '../../lib/describe-error';
import type { Mailer, MailMessage } from '../../lib/mail/mail';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  findNoticesForMail,
  findRecipient,
  markDeliveriesFailed,
  markDeliveriesSent,
  markDeliveriesSkipped,
  type Recipient,
} from './delivery.repo';
import { noticeMail, type UnsubscribeLinks } from './notice-mail';
import { findPreference } from './preferences.repo';
import { signUnsubscribeToken, unsubscribeKey } from './unsubscribe-token';

export interface DeliveryDeps {
  db: DbOrTx;
  mailer: Mailer;
  config: Pick<AppConfig, 'APP_URL'>;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
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

type Group = { userId: string; kind: PreferenceKind; rows: ClaimedDelivery[] };

function groupRows(rows: readonly ClaimedDelivery[]): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    // A digest is one e-mail of its own; notices go one e-mail per member and kind.
    const key = row.kind === 'digest' ? `digest:${row.id}` : `${row.userId}|${row.kind}|${row.channel}`;
    const group = groups.get(key) ?? { userId: row.userId, kind: row.kind, rows: [] };
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
    if (preference.email === 'off') return await skip(group.rows, 'desligado pelo membro');
    const links = await unsubscribeLinksFor(deps, group.userId, group.kind);

    let message: MailMessage | null;
    let included = group.rows;
    if (group.kind === 'digest') {
      const [row] = group.rows;
      message = row?.subject && deps.digestMail ? await deps.digestMail(recipient, row.subject, links) : null;
      if (!message) return await skip(group.rows, 'nada novo na semana');
    } else {
      const notices = await findNoticesForMail(
        deps.db,
        group.userId,
        group.rows.flatMap((row) => (row.notificationId ? [row.notificationId] : [])),
      );
      // Read or removed in the bell before the e-mail left: the member has seen it.
      const unseen = notices.filter((notice) => notice.isRead === false);
      const unseenIds = new Set(unseen.map((notice) => notice.id));
      included = group.rows.filter((row) => row.notificationId && unseenIds.has(row.notificationId));
      await skip(
        group.rows.filter((row) => !included.includes(row)),
        'já visto no sino',
      );
      if (unseen.length === 0) return;
      message = noticeMail({
        recipient,
        kind: group.kind,
        notices: unseen,
        appUrl: deps.config.APP_URL,
        links,
      });
    }
    try {
      await deps.mailer.send(message);
    } catch (error) {
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
    await markDeliveriesSent(deps.db, included);
    total.sent += included.length;
  } catch (error) {
    // The database failed mid-way: the claim runs out and the rows are taken again.
    deps.log.error({ error: describeError(error) }, 'entrega de avisos interrompida');
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
