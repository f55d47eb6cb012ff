import { parseMentions } from '../../../shared/mentions';
import type { MentionNames } from '../../../shared/schemas/community';
import type { DbOrTx } from '../../db/client';
import { findMemberNames } from './members.repo';

/**
 * Each post or comment with its `mentions`: the current name (from the database, by id) of every member its texts
 * mention, one query for all of them. The name written in the markup is never used; an id that is no member is
 * left out, so its markup shows as plain text.
 */
export async function withMentionNames<T>(
  db: DbOrTx,
  items: T[],
  textsOf: (item: T) => string[],
): Promise<Array<T & { mentions: MentionNames }>> {
  const idsOf = items.map((item) =>
    textsOf(item).flatMap((text) => parseMentions(text).map((m) => m.userId)),
  );
  const names = await findMemberNames(db, [...new Set(idsOf.flat())]);
  return items.map((item, index) => {
    const mentions: Record<string, string> = {};
    for (const id of idsOf[index] ?? []) {
      const name = names.get(id);
      if (name !== undefined) mentions[id] = name;
    }
    return { ...item, mentions };
  });
}

/** One post or comment with its `mentions` (withMentionNames). */
export async function withMentionNamesOne<T>(
  db: DbOrTx,
  item: T,
  textsOf: (item: T) => string[],
): Promise<T & { mentions: MentionNames }> {
  const [one] = await withMentionNames(db, [item], textsOf);
  return one as T & { mentions: MentionNames };
}
