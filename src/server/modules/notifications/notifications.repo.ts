import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema/index';

/** Creates a notification and delivers it (unread) to every user that exists now, in one statement each. */
export async function createNotificationForAll(tx: DbOrTx, input: { title: string; description: string }) {
  const [created] = await tx.insert(notifications).values(input).returning();
  if (!created) throw new Error('notification insert returned nothing');
  await tx.execute(
    sql`insert into user_notifications (user_id, notification_id) select id, ${created.id}::uuid from users`,
  );
  return created;
}
