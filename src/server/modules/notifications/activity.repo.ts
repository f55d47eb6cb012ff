import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/schemas/notifications';
import type { DbOrTx } from '../../db/client';
import { notifications, postComments, posts, userNotifications, users } from '../../db/schema/index';
import { enqueueNoticeDeliveries } from './delivery.repo';

/** A post as its activity notices need it: who wrote it, its title and which board shows it. */
export async function findPostFacts(db: DbOrTx, postId: string) {
  const rows = await db
    .select({ id: posts.id, userId: posts.userId, title: posts.title, kind: posts.kind })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  return rows[0];
}

/** A comment as its activity notices need it, with its post's board. */
export async function findCommentFacts(db: DbOrTx, commentId: string) {
  const rows = await db
    .select({
      id: postComments.id,
      postId: postComments.postId,
      userId: postComments.userId,
      content: postComments.content,
      postKind: posts.kind,
    })
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .where(eq(postComments.id, commentId))
    .limit(1);
  return rows[0];
}

export interface BundleKey {
  recipientId: string;
  kind: NotificationKind;
  subject: string;
}

/**
 * Holds the bundle (recipient, kind, subject) until the transaction ends, so two events at once (two likes) find
 * the same open notice instead of adding one each.
 */
export async function lockBundle(tx: DbOrTx, key: BundleKey): Promise<void> {
  const text = `notice:${key.recipientId}:${key.kind}:${key.subject}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${text}, 0))`);
}

/** The bundle's notice opened less than `windowSeconds` ago (counted from its first event), if any. */
export async function findOpenBundle(db: DbOrTx, key: BundleKey, windowSeconds: number) {
  const rows = await db
    .select({ id: notifications.id, actorIds: notifications.actorIds })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientUserId, key.recipientId),
        eq(notifications.kind, key.kind),
        eq(notifications.subject, key.subject),
        gt(notifications.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`),
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return rows[0];
}

export interface BundleContent {
  title: string;
  description: string;
  link: string;
  actorIds: string[];
}

/** A new activity notice, delivered unread to its recipient. */
export async function insertBundle(tx: DbOrTx, key: BundleKey, content: BundleContent): Promise<void> {
  const [created] = await tx
    .insert(notifications)
    .values({
      recipientUserId: key.recipientId,
      kind: key.kind,
      subject: key.subject,
      ...content,
      title: content.title.slice(0, 255),
    })
    .returning({ id: notifications.id });
  if (!created) throw new Error('notification insert returned nothing');
  await tx.insert(userNotifications).values({ userId: key.recipientId, notificationId: created.id });
  await enqueueNoticeDeliveries(tx, created.id);
}

/**
 * A later event in the window: the notice takes the new content, moves to the top (its latest event is now) and is
 * unread again, its copy put back if the member had removed it.
 */
export async function refreshBundle(
  tx: DbOrTx,
  id: string,
  recipientId: string,
  content: BundleContent,
): Promise<void> {
  await tx
    .update(notifications)
    .set({ ...content, title: content.title.slice(0, 255), updatedAt: sql`now()` })
    .where(eq(notifications.id, id));
  await tx
    .insert(userNotifications)
    .values({ userId: recipientId, notificationId: id })
    .onConflictDoUpdate({
      target: [userNotifications.userId, userNotifications.notificationId],
      set: { isRead: false },
    });
  // Queued only if this notice was never mailed to them (one e-mail per notice, however many events it bundles).
  await enqueueNoticeDeliveries(tx, id, [recipientId]);
}

/** Of these member ids, the ones of members who exist and are active (a cancelled member is never told). */
export async function findActiveMemberIds(db: DbOrTx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.status, 'Ativo')));
  const active = new Set(rows.map((row) => row.id));
  return ids.filter((id) => active.has(id));
}
