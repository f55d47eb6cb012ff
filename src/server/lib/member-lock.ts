import pg from 'pg';
import { type Db, directConnectionConfig } from '../db/client';

/**
 * One job of a kind at a time per member (a slug scan, a site clone), across every app instance: a PostgreSQL
 * session advisory lock keyed by the kind and the member's id, taken with pg_try_advisory_lock on a connection of
 * its own (not one of the pool's) and held for the whole job. Closing that connection releases it, so a crashed
 * process never leaves a member locked out: PostgreSQL drops the lock when the connection dies, and the TCP
 * keepalives set below make it notice a vanished machine within about a minute.
 */
export interface MemberLock {
  release(): Promise<void>;
}

const LOCK_SQL = `select pg_try_advisory_lock(('x' || left(md5($1::text || ':' || $2::text), 16))::bit(64)::bigint) as ok`;

export async function tryMemberLock(db: Db, kind: string, userId: string): Promise<MemberLock | null> {
  // A session lock needs a connection no pooler shares: the direct one.
  const client = new pg.Client({
    ...directConnectionConfig(db),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(
      'set tcp_keepalives_idle = 30; set tcp_keepalives_interval = 10; set tcp_keepalives_count = 3',
    );
    const { rows } = await client.query<{ ok: boolean }>(LOCK_SQL, [kind, userId]);
    if (rows[0]?.ok !== true) {
      await client.end().catch(() => {});
      return null;
    }
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await client.end().catch(() => {});
    },
  };
}
