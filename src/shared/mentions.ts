/**
 * @mentions in posts, comments and replies (issue #27). A mention is stored in the text as `@[Display Name](userId)`:
 * the picker of the composers inserts it, the server notifies the member it names, the screens render it as a button
 * opening the member's profile, plain-text excerpts show `@Display Name`. A bare "@Name" is plain text.
 * The one parser of the markup, shared by the server and the client. No Zod here (screens that only show posts
 * import it).
 */

/** At most this many distinct members mentioned in one text; more is refused (400), never silently dropped. */
export const MAX_MENTIONS = 20;
export const TOO_MANY_MENTIONS = `Você pode mencionar no máximo ${MAX_MENTIONS} membros por publicação ou comentário.`;

/** A mentioned name: 1-100 characters, no brackets, parentheses or line breaks (the markup's delimiters). */
const NAME = String.raw`[^\[\]()\r\n]{1,100}`;
/** A member id exactly as the database writes it: a lower- or upper-case uuid, nothing around it. */
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** Bounded classes with no nested quantifiers: linear on any input. */
const MENTION_SOURCE = String.raw`@\[(${NAME})\]\((${UUID})\)`;

export interface Mention {
  name: string;
  userId: string;
}

export type MentionSegment = { type: 'text'; value: string } | ({ type: 'mention' } & Mention);

/** A fresh global regex each call: no shared `lastIndex` between callers. */
const mentionPattern = () => new RegExp(MENTION_SOURCE, 'g');

/** The text cut into plain parts and mentions, in order (rendering). A name is trimmed; a blank one stays text. */
export function splitMentions(text: string): MentionSegment[] {
  const segments: MentionSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(mentionPattern())) {
    const name = (match[1] ?? '').trim();
    if (!name) continue;
    const start = match.index ?? 0;
    if (start > last) segments.push({ type: 'text', value: text.slice(last, start) });
    segments.push({ type: 'mention', name, userId: (match[2] ?? '').toLowerCase() });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ type: 'text', value: text.slice(last) });
  return segments;
}

/** Where each mention's markup is in the text, [start, end): a cut of the text must not fall inside one. */
export function mentionRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const match of text.matchAll(mentionPattern())) {
    if (!(match[1] ?? '').trim()) continue;
    const start = match.index ?? 0;
    ranges.push([start, start + match[0].length]);
  }
  return ranges;
}

/** The distinct members a text mentions, in order of first mention (ids lower-cased; the first name kept). */
export function parseMentions(text: string): Mention[] {
  const seen = new Map<string, Mention>();
  for (const segment of splitMentions(text)) {
    if (segment.type === 'mention' && !seen.has(segment.userId)) {
      seen.set(segment.userId, { name: segment.name, userId: segment.userId });
    }
  }
  return [...seen.values()];
}

/**
 * Member id -> that member's current name, as the server read it from the database (the `mentions` of a post or a
 * comment). What a mention shows comes from here, never from the brackets of the markup.
 */
export type MentionNames = Readonly<Record<string, string>>;

/**
 * The text cut for rendering with the members' current names: a mention of an id in `names` carries that name; a
 * mention of any other id (no member: a hand-written markup) becomes plain text `@Name`, never a mention.
 */
export function resolveMentions(text: string, names: MentionNames): MentionSegment[] {
  const segments: MentionSegment[] = [];
  for (const segment of splitMentions(text)) {
    const current = segment.type === 'mention' ? names[segment.userId] : undefined;
    if (segment.type === 'mention' && current !== undefined) {
      segments.push({ type: 'mention', userId: segment.userId, name: current });
      continue;
    }
    const value = segment.type === 'text' ? segment.value : `@${segment.name}`;
    const last = segments.at(-1);
    if (last?.type === 'text') last.value += value;
    else segments.push({ type: 'text', value });
  }
  return segments;
}

/**
 * The text as a member reads it: each mention's markup becomes `@Name` (excerpts, e-mails, admin lists, alt texts);
 * with `names`, a member's mention shows their current name.
 */
export function mentionsToPlainText(text: string, names?: MentionNames): string {
  return splitMentions(text)
    .map((segment) =>
      segment.type === 'text' ? segment.value : `@${names?.[segment.userId] ?? segment.name}`,
    )
    .join('');
}

/** A name as the markup can carry it: delimiters and line breaks become spaces, at most 100 characters. */
export function mentionableName(name: string): string {
  return name
    .replace(/[[\]()\r\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
}

/** The stored markup of one mention. */
export function mentionMarkup(name: string, userId: string): string {
  return `@[${mentionableName(name)}](${userId})`;
}
