import { DESCRIPTION_PREVIEW_CHARS } from '../../../shared/community-constants';

/**
 * A promotion post's inline image, `[IMAGE:url]`: shown only when the URL is one of this app's stored post
 * images (local storage's `/uploads/posts/<key>`). The server already drops other markers on save; this is
 * the second lock, so a marker that slipped in (older data, another storage) is never fetched.
 */
const STORED_POST_IMAGE = /^\/uploads\/posts\/[a-f0-9]{32}\.(?:jpg|png|webp)$/;
const MARKER = /\[IMAGE:([^\]\r\n]*)\]/g;

export type TextSegment = { type: 'text'; value: string } | { type: 'image'; url: string };

export function isStoredPostImage(url: string): boolean {
  return STORED_POST_IMAGE.test(url);
}

/** Splits a description into text and images; with `markers` off (community posts) it is all text. */
export function splitDescription(text: string, markers: boolean): TextSegment[] {
  if (!markers) return text ? [{ type: 'text', value: text }] : [];
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    const start = match.index ?? 0;
    if (start > last) segments.push({ type: 'text', value: text.slice(last, start) });
    const url = (match[1] ?? '').trim();
    // A marker that is not ours disappears: neither fetched nor shown as text.
    if (isStoredPostImage(url)) segments.push({ type: 'image', url });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ type: 'text', value: text.slice(last) });
  return segments;
}

/**
 * The collapsed view ('ver mais'): the text only, cut at 150 characters on a word boundary when one is near.
 * `truncated` says whether there is more to see (longer text, or images).
 */
export function previewDescription(segments: TextSegment[]): { text: string; truncated: boolean } {
  const full = segments
    .filter((s): s is Extract<TextSegment, { type: 'text' }> => s.type === 'text')
    .map((s) => s.value)
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const hasImages = segments.some((s) => s.type === 'image');
  if (full.length <= DESCRIPTION_PREVIEW_CHARS) return { text: full, truncated: hasImages };
  let cut = full.slice(0, DESCRIPTION_PREVIEW_CHARS);
  const space = cut.lastIndexOf(' ');
  if (space > DESCRIPTION_PREVIEW_CHARS - 30) cut = cut.slice(0, space);
  return { text: `${cut.trimEnd()}…`, truncated: true };
}
