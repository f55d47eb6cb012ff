import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../config';
import type { Db, DbOrTx } from '../db/client';
import type { Change, ChangeFeed } from '../lib/change-feed';
import { randomToken, sha256 } from '../lib/crypto';
import { FillCache } from '../lib/fill-cache';
import {
  deleteSession,
  extendSession,
  findSessionUser,
  insertSession,
  recordActivityDay,
} from '../modules/auth/sessions.repo';

export const SESSION_COOKIE = 'ce_sid';
const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most once an hour per session, not on every request. */
const RENEW_AFTER_MS = 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: 'member' | 'admin';
  status: 'Ativo' | 'Cancelado';
  emailVerified: boolean;
  planType: string;
  uniqueId: string;
  balanceCents: number;
  points: number;
  createdAt: Date;
  lastLogin: Date | null;
}

function cookieOptions(config: AppConfig, expires: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.SECURE_COOKIES, expires };
}

interface CachedSession {
  user: SessionUser;
  expire: Date;
}

/** Entries live at most this long even without a notification (a safety net, not the invalidation). */
const SESSION_CACHE_TTL_MS = 60_000;
const SESSION_CACHE_MAX = 20_000;

/**
 * The session lookups of one app instance, cached by session hash while its change feed is live. The database
 * triggers of migration 0003 notify `sessions:<user ids>` when sessions end (logout, global logout, password
 * reset, cancellation, user deleted) and `users:<ids>` when a user row changes (status, role, verification,
 * password, balance, points, name...): every cached session of those users is dropped. While the feed is down,
 * every lookup goes to the database.
 */
export class SessionCache {
  private readonly entries = new FillCache<CachedSession>(SESSION_CACHE_MAX, SESSION_CACHE_TTL_MS);
  /** user id -> session hashes cached for that user. */
  private readonly byUser = new Map<string, Set<string>>();

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe({ onChange: (c) => this.onChange(c), onReset: () => this.clear() });
  }

  get size(): number {
    return this.entries.size;
  }

  get enabled(): boolean {
    return this.feed.live;
  }

  get(sessionHash: string): CachedSession | undefined {
    return this.feed.live ? this.entries.get(sessionHash) : undefined;
  }

  token(): number {
    return this.entries.token();
  }

  set(sessionHash: string, value: CachedSession, token: number): void {
    if (!this.feed.live || !this.entries.set(sessionHash, value, token)) return;
    let hashes = this.byUser.get(value.user.id);
    if (!hashes) {
      hashes = new Set();
      this.byUser.set(value.user.id, hashes);
    }
    hashes.add(sessionHash);
  }

  dropUser(userId: string): void {
    const hashes = this.byUser.get(userId);
    this.byUser.delete(userId);
    // Always moves the epoch: a lookup of this user in flight (reading the old row) is not stored.
    this.entries.invalidate();
    if (hashes) for (const hash of hashes) this.entries.delete(hash);
  }

  clear(): void {
    this.entries.clear();
    this.byUser.clear();
  }

  private onChange({ topic, ids }: Change): void {
    if (topic === '*' || ((topic === 'users' || topic === 'sessions') && ids.length === 0)) this.clear();
    else if (topic === 'users' || topic === 'sessions') for (const id of ids) this.dropUser(id);
  }
}

/**
 * The user behind a session cookie, or null. Only verified, Ativo users keep a session: a user
 * cancelled or unverified after login is treated as signed out. Renews the expiry (sliding) when due.
 * With a cache (the app's), a session seen recently is answered from memory until a notification drops it.
 */
export async function loadSessionUser(
  db: Db,
  token: string,
  cache?: SessionCache,
): Promise<{ user: SessionUser; sessionHash: string; renewedUntil: Date | null } | null> {
  const sessionHash = sha256(token);
  const now = Date.now();
  let found = cache?.get(sessionHash);
  if (!found) {
    const fill = cache?.token() ?? 0;
    const row = await findSessionUser(db, sessionHash);
    if (!row) return null;
    const { expire, ...user } = row;
    found = { user, expire };
    cache?.set(sessionHash, found, fill);
  }
  const { user } = found;
  if (user.status !== 'Ativo' || !user.emailVerified || found.expire.getTime() <= now) return null;
  let renewedUntil: Date | null = null;
  if (found.expire.getTime() < now + SESSION_DAYS * DAY_MS - RENEW_AFTER_MS) {
    renewedUntil = new Date(now + SESSION_DAYS * DAY_MS);
    await extendSession(db, sessionHash, renewedUntil);
    await recordActivityDay(db, user.id);
    found.expire = renewedUntil;
  }
  return { user, sessionHash, renewedUntil };
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string, expires: Date) {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(config, expires));
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config, new Date(0)));
}

/** Starts a session for the user: stores only the token's hash, sets the cookie. */
export async function startSession(
  db: DbOrTx,
  reply: FastifyReply,
  config: AppConfig,
  userId: string,
  userAgent?: string,
): Promise<void> {
  const token = randomToken(32);
  const expire = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  await insertSession(db, { sessionHash: sha256(token), userId, expire, userAgent });
  await recordActivityDay(db, userId);
  setSessionCookie(reply, config, token, expire);
}

export async function endSession(db: DbOrTx, sessionHash: string): Promise<void> {
  await deleteSession(db, sessionHash);
}
