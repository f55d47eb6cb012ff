import { and, eq, sql } from 'drizzle-orm';
import {
  type ChannelPreference,
  DEFAULT_PREFERENCES,
  PREFERENCE_KINDS,
  type PreferenceKind,
} from '../../../shared/schemas/notifications';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences } from '../../db/schema/index';

/**
 * DEFAULT_PREFERENCES as an SQL table `(kind, email, push)`, for the statements that pick recipients in bulk (the
 * values are the shared constants, never input).
 */
export const defaultPreferencesTable = sql.raw(
  `(values ${PREFERENCE_KINDS.map((k) => `('${k}', '${DEFAULT_PREFERENCES[k].email}', ${DEFAULT_PREFERENCES[k].push})`).join(', ')}) as d(kind, email, push)`,
);

/** Every kind's channels for the member: their choice where they made one, the default elsewhere. */
export async function findPreferences(
  db: DbOrTx,
  userId: string,
): Promise<Record<PreferenceKind, ChannelPreference>> {
  const rows = await db
    .select({
      kind: notificationPreferences.kind,
      email: notificationPreferences.email,
      push: notificationPreferences.push,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return Object.fromEntries(
    PREFERENCE_KINDS.map((kind) => {
      const row = chosen.get(kind);
      return [kind, row ? { email: row.email, push: row.push } : { ...DEFAULT_PREFERENCES[kind] }];
    }),
  ) as Record<PreferenceKind, ChannelPreference>;
}

/** One kind's channels for the member. */
export async function findPreference(
  db: DbOrTx,
  userId: string,
  kind: PreferenceKind,
): Promise<ChannelPreference> {
  const [row] = await db
    .select({ email: notificationPreferences.email, push: notificationPreferences.push })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return row ?? { ...DEFAULT_PREFERENCES[kind] };
}

/** Stores the member's choice for each kind given (a choice equal to the default is stored too: it was chosen). */
export async function savePreferences(
  db: DbOrTx,
  userId: string,
  choices: Partial<Record<PreferenceKind, ChannelPreference>>,
): Promise<void> {
  const values = Object.entries(choices)
    .filter((entry): entry is [PreferenceKind, ChannelPreference] => entry[1] !== undefined)
    .map(([kind, choice]) => ({ userId, kind, email: choice.email, push: choice.push }));
  if (values.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: sql`excluded.email`, push: sql`excluded.push`, updatedAt: sql`now()` },
    });
}
