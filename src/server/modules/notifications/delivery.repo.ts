import { sql } from 'drizzle-orm';
import type { NotificationKind, PreferenceKind } from '../../../shared/schemas/notifications';
import type { DbOrTx } from '../../db/client';
import { defaultPreferencesTable } from './preferences.repo';

/** The next full hour, when the 'hourly' e-mails of the hour leave together. */
const NEXT_HOUR = sql`date_trunc('hour', now()) + interval '1 hour'`;

/**
 * Queues what the members holding a copy of the notice asked for (their choice for its kind, else the default), in
 * the transaction that made or refreshed the notice. E-mail: 'immediate' due now, 'hourly' at the next full hour,
 * 'off' nothing. Push: now, when it is on and the member has subscribed a device. Only active, verified members. At
 * most one e-mail and one push per member and notice, ever (a bundled notice refreshed by later events is not sent
 * again). `userIds` narrows it to some holders (a refreshed bundle).
 */
export async function enqueueNoticeDeliveries(
  tx: DbOrTx,
  notificationId: string,
  userIds?: readonly string[],
): Promise<number> {
  const only = userIds ? sql`and un.user_id = any(${sql.param([...userIds])}::uuid[])` : sql``;
  const holders = sql`
    from notifications n
    join user_notifications un on un.notification_id = n.id ${only}
    join users u on u.id = un.user_id and u.status = 'Ativo' and u.email_verified
    join ${defaultPreferencesTable} on d.kind = n.kind
    left join notification_preferences p on p.user_id = un.user_id and p.kind = n.kind
    where n.id = ${notificationId}::uuid`;
  const email = await tx.execute(sql`
    insert into notification_deliveries (user_id, notification_id, channel, kind, mode, due_at)
    select un.user_id, n.id, 'email', n.kind, coalesce(p.email, d.email),
           case when coalesce(p.email, d.email) = 'immediate' then now() else ${NEXT_HOUR} end
    ${holders} and coalesce(p.email, d.email) <> 'off'
    on conflict do nothing`);
  const push = await tx.execute(sql`
    insert into notification_deliveries (user_id, notification_id, channel, kind, mode, due_at)
    select un.user_id, n.id, 'push', n.kind, 'immediate', now()
    ${holders} and coalesce(p.push, d.push)
      and exists (select 1 from push_subscriptions s where s.user_id = un.user_id)
    on conflict do nothing`);
  return (email.rowCount ?? 0) + (push.rowCount ?? 0);
}

export interface ClaimedDelivery {
  id: number;
  userId: string;
  notificationId: string | null;
  channel: 'email' | 'push';
  kind: PreferenceKind;
  subject: string | null;
  attempts: number;
}

/**
 * Claims up to `limit` due deliveries for this instance for `leaseSeconds` (rows another instance holds are
 * skipped, rows whose holder died come back when the lease runs out), counting the attempt.
 */
export async function claimDueDeliveries(
  db: DbOrTx,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedDelivery[]> {
  const result = await db.execute<{
    id: string;
    user_id: string;
    notification_id: string | null;
    channel: 'email' | 'push';
    kind: PreferenceKind;
    subject: string | null;
    attempts: number;
  }>(sql`
    with due as (
      select id from notification_deliveries
      where state = 'pending' and due_at <= now() and (lease_until is null or lease_until < now())
      order by due_at, id
      limit ${limit}
      for update skip locked
    )
    update notification_deliveries d
    set lease_until = now() + make_interval(secs => ${leaseSeconds}), attempts = d.attempts + 1
    from due where d.id = due.id
    returning d.id, d.user_id, d.notification_id, d.channel, d.kind, d.subject, d.attempts`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    userId: row.user_id,
    notificationId: row.notification_id,
    channel: row.channel,
    kind: row.kind,
    subject: row.subject,
    attempts: row.attempts,
  }));
}

const ids = (rows: readonly { id: number }[]) => sql.param(rows.map((row) => row.id));

export async function markDeliveriesSent(db: DbOrTx, rows: readonly { id: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`update notification_deliveries
    set state = 'sent', sent_at = now(), lease_until = null, last_error = null
    where id = any(${ids(rows)}::bigint[])`);
}

/** Nothing to send (the member switched it off, read it in the bell, left the club): why, never the content. */
export async function markDeliveriesSkipped(
  db: DbOrTx,
  rows: readonly { id: number }[],
  why: string,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`update notification_deliveries
    set state = 'skipped', lease_until = null, last_error = ${why}
    where id = any(${ids(rows)}::bigint[])`);
}

/** A failed try: again after `retryInSeconds`, or given up ('failed') when that is null. */
export async function markDeliveriesFailed(
  db: DbOrTx,
  rows: readonly { id: number }[],
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    retryInSeconds === null
      ? sql`update notification_deliveries set state = 'failed', lease_until = null, last_error = ${error}
          where id = any(${ids(rows)}::bigint[])`
      : sql`update notification_deliveries
          set due_at = now() + make_interval(secs => ${retryInSeconds}), lease_until = null, last_error = ${error}
          where id = any(${ids(rows)}::bigint[])`,
  );
}

export interface Recipient {
  id: string;
  name: string;
  email: string;
  active: boolean;
}

export async function findRecipient(db: DbOrTx, userId: string): Promise<Recipient | null> {
  const result = await db.execute<{ id: string; name: string; email: string; active: boolean }>(sql`
    select id, name, email, (status = 'Ativo' and email_verified) as active from users where id = ${userId}::uuid`);
  return result.rows[0] ?? null;
}

export interface NoticeForMail {
  id: string;
  kind: NotificationKind;
  title: string;
  description: string;
  link: string | null;
  /** The member's bell copy: read, unread, or removed (null). */
  isRead: boolean | null;
}

/** The notices as they are now (a bundle carries its latest events), with the member's bell copy. */
export async function findNoticesForMail(
  db: DbOrTx,
  userId: string,
  notificationIds: readonly string[],
): Promise<NoticeForMail[]> {
  const result = await db.execute<{
    id: string;
    kind: NotificationKind;
    title: string;
    description: string;
    link: string | null;
    is_read: boolean | null;
  }>(sql`
    select n.id, n.kind, n.title, n.description, n.link, un.is_read
    from notifications n
    left join user_notifications un on un.notification_id = n.id and un.user_id = ${userId}::uuid
    where n.id = any(${sql.param([...notificationIds])}::uuid[])
    order by n.updated_at desc`);
  return result.rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    link: row.link,
    isRead: row.is_read,
  }));
}
