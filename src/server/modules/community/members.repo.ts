import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { userProfiles, users } from '../../db/schema/index';

/** Accented Latin letters and their plain forms: names compare without accents (no `unaccent` extension needed). */
const ACCENTED = 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny';

/** The name lower-cased without accents, as the search compares it (upper-case accents too: any database locale). */
const foldedName = sql`lower(translate(${users.name}, ${ACCENTED}, ${PLAIN}))`;

/** A LIKE pattern for a literal text (%, _ and \ in it are not wildcards). */
const literal = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * Active members whose name has `folded` (lower-cased, no accents) at the start of a word first, then anywhere, by
 * name; the caller left out. A scan of the active members' names: a few milliseconds at tens of thousands.
 */
export async function searchActiveMembers(db: DbOrTx, folded: string, callerId: string, limit: number) {
  const wordStart = sql`(${foldedName} like ${`${literal(folded)}%`} or ${foldedName} like ${`% ${literal(folded)}%`})`;
  return db
    .select({ id: users.id, name: users.name, avatar: userProfiles.avatar })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(
      and(
        eq(users.status, 'Ativo'),
        ne(users.id, callerId),
        sql`${foldedName} like ${`%${literal(folded)}%`}`,
      ),
    )
    .orderBy(sql`case when ${wordStart} then 0 else 1 end`, asc(users.name), asc(users.id))
    .limit(limit);
}

const buildMemberNames = (db: DbOrTx) =>
  db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')})`);

/** id -> current name of each of these users that exists (one prepared query; ids are well-formed uuids). */
export async function findMemberNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const statement = prepared(db, 'member_names', (name) => buildMemberNames(db).prepare(name));
  const rows = await statement.execute({ ids });
  return new Map(rows.map((row) => [row.id, row.name]));
}
