import { and, asc, count, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { AdminUserPage, AdminUsersFilter } from '../../../shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { emailVerifications, users } from '../../db/schema/index';
import type { UserRow } from '../users/users.repo';
import { presentAdminUser } from './admin-users.presenters';

/** The columns the admin's list shows: never the password hash or the balance. */
const adminUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  createdAt: users.createdAt,
  lastLogin: users.lastLogin,
  planType: users.planType,
  status: users.status,
  statusChangedAt: users.statusChangedAt,
  emailVerified: users.emailVerified,
  role: users.role,
  uniqueId: users.uniqueId,
};

/** `%text%` for LIKE, the wildcards the admin typed taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The spec's filters in SQL: search in name or e-mail (case-insensitive: a LIKE on the lower-cased `search_text`,
 * trigram-indexed; ILIKE under a UTF-8 locale took 130-200 ms per scan of 50,000 members); the plan as the app shows
 * it (`plan_kind`: semestral when the stored plan says so, gratuito likewise, else mensal); the status; the active
 * time in whole days since the status last changed (or sign-up), bounds inclusive, cancelled users left out.
 */
function userFilters(query: AdminUsersFilter): SQL | undefined {
  const where: SQL[] = [];
  const search = query.search?.trim().toLowerCase();
  if (search) where.push(like(users.searchText, contains(search)));
  if (query.plan) where.push(eq(users.planKind, query.plan));
  if (query.status) where.push(eq(users.status, query.status));
  if (query.minDays !== undefined || query.maxDays !== undefined) {
    const since = sql`coalesce(${users.statusChangedAt}, ${users.createdAt})`;
    // Written as the partial index users_active_since_idx says it, so the planner can use it.
    where.push(sql`${users.status} <> 'Cancelado'`);
    if (query.minDays !== undefined)
      where.push(sql`${since} <= now() - make_interval(days => ${query.minDays})`);
    if (query.maxDays !== undefined)
      where.push(sql`${since} > now() - make_interval(days => ${query.maxDays + 1})`);
  }
  return where.length ? and(...where) : undefined;
}

/** One page of the Usuários tab, and how many users match. */
export async function listUsersPage(db: DbOrTx, query: AdminUsersFilter): Promise<AdminUserPage> {
  const { page, pageSize } = query;
  const where = userFilters(query);
  const order =
    query.sort === 'oldest' ? [asc(users.createdAt), asc(users.id)] : [desc(users.createdAt), desc(users.id)];
  const [rows, totals] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map(presentAdminUser), total: totals[0]?.n ?? 0, page, pageSize };
}

/** Marks the user verified and closes their pending verification mails. */
export async function markUserVerified(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ emailVerified: true }).where(eq(users.id, id)).returning();
  if (row) {
    await db
      .update(emailVerifications)
      .set({ verified: true })
      .where(and(eq(emailVerifications.userId, id), eq(emailVerifications.verified, false)));
  }
  return row;
}
