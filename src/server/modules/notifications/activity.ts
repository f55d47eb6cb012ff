import { mentionsToPlainText, parseMentions } from '../../../shared/mentions';
import type { NotificationKind } from '../../../shared/schemas/notifications';
import type { DbOrTx } from '../../db/client';
import { findUserName } from '../users/users.repo';
import {
  type BundleKey,
  findActiveMemberIds,
  findCommentFacts,
  findOpenBundle,
  findPostFacts,
  insertBundle,
  lockBundle,
  refreshBundle,
} from './activity.repo';

/**
 * Who is told of what happens in the community (the bell). One place decides:
 * - a comment on a post -> the post's author ('comment');
 * - a reply to a comment -> that comment's author ('reply'); the post's author, when someone else, gets the
 *   'comment' (a post author who wrote the replied comment gets the 'reply' only);
 * - a like on a post or a comment -> its author ('like');
 * - an @mention (`@[Name](userId)`, src/shared/mentions.ts) in a post's title or description, a comment or a reply
 *   -> each mentioned active member ('mention'); unknown ids and cancelled members are ignored;
 * - one notice per person per event: of 'mention', 'reply' and 'comment' for the same comment a member gets only the
 *   first that applies (mention > reply > comment);
 * - nobody is told of their own action; taking a like back or deleting a comment tells nobody.
 * A member has at most one notice per kind and subject (the post, or the liked comment) within the kind's window,
 * counted from the notice's first event: a later event updates it (bundled title, unread again, at the top).
 * Every function runs inside the transaction of the write it tells of.
 */

type ActivityKind = Extract<NotificationKind, 'comment' | 'reply' | 'mention' | 'like'>;

interface Rule {
  /** How long a notice gathers later events of the same kind and subject. */
  windowSeconds: number;
  /** A new event from someone already counted changes nothing (a like taken back and given again). */
  oncePerActor: boolean;
}

export const ACTIVITY_RULES: Record<ActivityKind, Rule> = {
  comment: { windowSeconds: 10 * 60, oncePerActor: false },
  reply: { windowSeconds: 10 * 60, oncePerActor: false },
  mention: { windowSeconds: 10 * 60, oncePerActor: false },
  like: { windowSeconds: 60 * 60, oncePerActor: true },
};

/** "João comentou no seu post", "João e mais 3 comentaram no seu post": `what` says the target. */
const PHRASES = {
  comment: { one: 'comentou no seu post', many: 'comentaram no seu post' },
  reply: { one: 'respondeu ao seu comentário', many: 'responderam ao seu comentário' },
  mention: { one: 'mencionou você', many: 'mencionaram você' },
  'like-post': { one: 'curtiu seu post', many: 'curtiram seu post' },
  'like-comment': { one: 'curtiu seu comentário', many: 'curtiram seu comentário' },
} as const;

/** The bundled title: the latest actor named first, then how many other distinct members. */
export function bundleTitle(phrase: keyof typeof PHRASES, latestName: string, people: number): string {
  const words = PHRASES[phrase];
  return people <= 1 ? `${latestName} ${words.one}` : `${latestName} e mais ${people - 1} ${words.many}`;
}

export const EXCERPT_CHARS = 80;

/**
 * A short excerpt of a title or a comment: one line, image markers dropped, mentions as `@Name`, at most 80
 * characters.
 */
export function excerpt(text: string): string {
  const flat = mentionsToPlainText(text)
    .replace(/\[IMAGE:[^\]]*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length <= EXCERPT_CHARS ? flat : `${flat.slice(0, EXCERPT_CHARS - 1).trimEnd()}…`;
}

const BOARD_TAB = { community: 'comunidade', promotion: 'divulgacao' } as const;

/** The dashboard opened on the post's board, scrolled to the post and, given one, its comment. */
export function activityLink(board: keyof typeof BOARD_TAB, postId: string, commentId?: string): string {
  const path = `/dashboard?tab=${BOARD_TAB[board]}&post=${encodeURIComponent(postId)}`;
  return commentId ? `${path}&comment=${encodeURIComponent(commentId)}` : path;
}

interface ActivityEvent {
  key: BundleKey & { kind: ActivityKind };
  actorId: string;
  phrase: keyof typeof PHRASES;
  description: string;
  link: string;
}

/** Opens the recipient's notice for this event or folds the event into the one open in the window. */
async function deliver(tx: DbOrTx, event: ActivityEvent): Promise<void> {
  const { key, actorId } = event;
  if (key.recipientId === actorId) return;
  const rule = ACTIVITY_RULES[key.kind];
  await lockBundle(tx, key);
  const open = await findOpenBundle(tx, key, rule.windowSeconds);
  if (open && rule.oncePerActor && open.actorIds.includes(actorId)) return;
  const actorIds = [actorId, ...(open?.actorIds ?? []).filter((id) => id !== actorId)];
  const name = (await findUserName(tx, actorId)) ?? 'Um membro';
  const content = {
    title: bundleTitle(event.phrase, name, actorIds.length),
    description: event.description,
    link: event.link,
    actorIds,
  };
  if (open) await refreshBundle(tx, open.id, key.recipientId, content);
  else await insertBundle(tx, key, content);
}

/**
 * The members `text` mentions who are told of it: known, active, not the author, each once. The text's author is
 * `actorId`. Returns their ids (so a comment's other notices skip them: one notice per person per event).
 */
async function mentionedRecipients(tx: DbOrTx, actorId: string, text: string): Promise<string[]> {
  const ids = parseMentions(text)
    .map((mention) => mention.userId)
    .filter((id) => id !== actorId);
  return ids.length === 0 ? [] : findActiveMemberIds(tx, ids);
}

/** Tells each of `recipients` that `actorId` mentioned them (bundled per post in 10 minutes). */
async function deliverMentions(
  tx: DbOrTx,
  recipients: string[],
  event: { actorId: string; postId: string; description: string; link: string },
): Promise<void> {
  for (const recipientId of recipients) {
    await deliver(tx, {
      key: { recipientId, kind: 'mention', subject: `post:${event.postId}` },
      actorId: event.actorId,
      phrase: 'mention',
      description: event.description,
      link: event.link,
    });
  }
}

/**
 * A post was published by `actorId`: each member its title or description mentions gets a 'mention' opening the
 * post, its excerpt the post's title.
 */
export async function notifyMentioned(
  tx: DbOrTx,
  event: { actorId: string; postId: string; text: string },
): Promise<void> {
  const post = await findPostFacts(tx, event.postId);
  if (!post) return;
  const recipients = await mentionedRecipients(tx, event.actorId, event.text);
  await deliverMentions(tx, recipients, {
    actorId: event.actorId,
    postId: post.id,
    description: excerpt(post.title),
    link: activityLink(post.kind, post.id),
  });
}

/**
 * A comment (or a reply, when `repliedToId` names the comment answered) was added by `actorId`: the members its
 * `content` mentions get a 'mention' (excerpt: the comment); the replied comment's author a 'reply' unless
 * mentioned; the post's author a 'comment' unless mentioned or told of the reply.
 */
export async function notifyCommentAdded(
  tx: DbOrTx,
  event: {
    actorId: string;
    postId: string;
    commentId: string;
    content: string;
    repliedToId?: string | null;
  },
): Promise<void> {
  const post = await findPostFacts(tx, event.postId);
  if (!post) return;
  const link = activityLink(post.kind, post.id, event.commentId);
  const subject = `post:${post.id}`;
  const mentioned = new Set(await mentionedRecipients(tx, event.actorId, event.content));
  await deliverMentions(tx, [...mentioned], {
    actorId: event.actorId,
    postId: post.id,
    description: excerpt(event.content),
    link,
  });
  const told = new Set(mentioned);
  const repliedTo = event.repliedToId ? await findCommentFacts(tx, event.repliedToId) : undefined;
  if (repliedTo && !told.has(repliedTo.userId)) {
    told.add(repliedTo.userId);
    await deliver(tx, {
      key: { recipientId: repliedTo.userId, kind: 'reply', subject },
      actorId: event.actorId,
      phrase: 'reply',
      description: excerpt(repliedTo.content),
      link,
    });
  }
  if (told.has(post.userId)) return;
  await deliver(tx, {
    key: { recipientId: post.userId, kind: 'comment', subject },
    actorId: event.actorId,
    phrase: 'comment',
    description: excerpt(post.title),
    link,
  });
}

/** `actorId` now likes the post (call only when the like is there, never for a like taken back). */
export async function notifyPostLiked(tx: DbOrTx, event: { actorId: string; postId: string }): Promise<void> {
  const post = await findPostFacts(tx, event.postId);
  if (!post) return;
  await deliver(tx, {
    key: { recipientId: post.userId, kind: 'like', subject: `post:${post.id}` },
    actorId: event.actorId,
    phrase: 'like-post',
    description: excerpt(post.title),
    link: activityLink(post.kind, post.id),
  });
}

/** `actorId` now likes the comment (call only when the like is there). */
export async function notifyCommentLiked(
  tx: DbOrTx,
  event: { actorId: string; commentId: string },
): Promise<void> {
  const comment = await findCommentFacts(tx, event.commentId);
  if (!comment) return;
  await deliver(tx, {
    key: { recipientId: comment.userId, kind: 'like', subject: `comment:${comment.id}` },
    actorId: event.actorId,
    phrase: 'like-comment',
    description: excerpt(comment.content),
    link: activityLink(comment.postKind, comment.postId, comment.id),
  });
}
