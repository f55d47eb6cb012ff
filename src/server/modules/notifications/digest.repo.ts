import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { defaultPreferencesTable } from './preferences.repo';

/** Takes the week for this instance: true only for the one instance whose insert made the row. */
export async function claimDigestWeek(db: DbOrTx, week: string): Promise<boolean> {
  const result = await db.execute(
    sql`insert into digest_runs (week) values (${week}) on conflict do nothing`,
  );
  return (result.rowCount ?? 0) === 1;
}

/**
 * Queues the week's digest for every active, verified member who wants it and has not opened the club in the last 7
 * days. A session is renewed on use at most hourly to 30 days ahead (plugins/session.ts), so "opened within 7 days"
 * is a session expiring more than 23 days from now. At most one digest per member and week (unique subject).
 */
export async function queueDigests(db: DbOrTx, week: string): Promise<number> {
  const subject = `digest:${week}`;
  const result = await db.execute(sql`
    insert into notification_deliveries (user_id, channel, kind, mode, subject, due_at)
    select u.id, 'email', 'digest', 'immediate', ${subject}, now()
    from users u
    join ${defaultPreferencesTable} on d.kind = 'digest'
    left join notification_preferences p on p.user_id = u.id and p.kind = 'digest'
    where u.status = 'Ativo' and u.email_verified and coalesce(p.email, d.email) <> 'off'
      and not exists (
        select 1 from sessions s where s.user_id = u.id and s.expire > now() + interval '23 days')
    on conflict do nothing`);
  const queued = result.rowCount ?? 0;
  await db.execute(sql`update digest_runs set queued = ${queued} where week = ${week}`);
  return queued;
}

export interface LikedPost {
  id: string;
  title: string;
  likes: number;
}

/** The community posts most liked by others in the 7 days before `until`. */
export async function findMostLikedPosts(db: DbOrTx, until: Date, limit: number): Promise<LikedPost[]> {
  const result = await db.execute<{ id: string; title: string; likes: number }>(sql`
    select p.id, p.title, count(*)::int as likes
    from post_likes l join posts p on p.id = l.post_id
    where p.kind = 'community' and l.user_id <> p.user_id
      and l.created_at > ${until.toISOString()}::timestamptz - interval '7 days'
      and l.created_at <= ${until.toISOString()}::timestamptz
    group by p.id, p.title, p.created_at
    order by likes desc, p.created_at desc
    limit ${limit}`);
  return result.rows;
}

export interface NextCall {
  title: string;
  startsAt: Date;
}

/** The next call with a date and time still ahead (not postponed, not deleted). */
export async function findNextCall(db: DbOrTx, after: Date): Promise<NextCall | null> {
  const result = await db.execute<{ title: string; starts_at: Date }>(sql`
    select title, (call_date + call_time::time) at time zone 'America/Sao_Paulo' as starts_at
    from live_calls
    where deleted_at is null and call_date is not null and status <> 'Adiada'
      and (call_date + call_time::time) at time zone 'America/Sao_Paulo' > ${after.toISOString()}::timestamptz
    order by starts_at
    limit 1`);
  const row = result.rows[0];
  return row ? { title: row.title, startsAt: new Date(row.starts_at) } : null;
}
