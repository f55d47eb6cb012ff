import { useCallback, useMemo, useRef } from 'react';
import { type Mention, mentionableName, mentionMarkup } from '../../../shared/mentions';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text as it is sent: each `@Name` of a picked member still present (not glued to a following letter or digit)
 * becomes `@[Name](id)`. Longer names first, so "@Ana Souza" wins over "@Ana". A name picked twice for two members
 * keeps the latest pick.
 */
export function toMentionMarkup(text: string, picked: readonly Mention[]): string {
  const byName = new Map<string, string>();
  for (const mention of picked) byName.set(mention.name, mention.userId);
  if (byName.size === 0) return text;
  const names = [...byName.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`@(${names.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return text.replace(pattern, (_whole, name: string) => mentionMarkup(name, byName.get(name) ?? ''));
}

export interface Mentions {
  /** A member picked in the composer (their visible `@Name` was inserted). */
  remember: (member: { id: string; name: string }) => string;
  /** The text to send, the picked names turned into markup. */
  toMarkup: (text: string) => string;
  /** Forgets the picks (after the text was sent). */
  reset: () => void;
}

/**
 * The members picked in one composer (a post's description blocks, a comment, a reply): the field shows `@Name`,
 * the submit converts it. One per form, handed to each of its MentionTextareas.
 */
export function useMentions(): Mentions {
  const picked = useRef<Mention[]>([]);
  const remember = useCallback((member: { id: string; name: string }) => {
    const name = mentionableName(member.name);
    picked.current = [...picked.current.filter((m) => m.name !== name), { name, userId: member.id }];
    return name;
  }, []);
  const toMarkup = useCallback((text: string) => toMentionMarkup(text, picked.current), []);
  const reset = useCallback(() => {
    picked.current = [];
  }, []);
  return useMemo(() => ({ remember, toMarkup, reset }), [remember, toMarkup, reset]);
}
