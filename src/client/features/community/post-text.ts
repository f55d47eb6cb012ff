import { DESCRIPTION_PREVIEW_CHARS, IMAGE_MARKER_RE } from '../../../shared/community-constants';
import { mentionRanges } from '../../../shared/mentions';
import { isStoredPostImageUrl } from '../../../shared/stored-post-image';

export type TextSegment = { type: 'text'; value: string } | { type: 'image'; url: string };

/**
 * Splits a description into text and images; `imageBase` null (community posts) keeps it all text. A promotion
 * post's inline image, `[IMAGE:url]`, is shown only when the URL is a post image this app stored under
 * `imageBase` (the feed page's: `/uploads` or the S3 public URL), the rule the server applies on save
 * (src/shared/stored-post-image.ts): a marker that slipped in (older data, another storage) is never fetched.
 */
export function splitDescription(text: string, imageBase: string | null): TextSegment[] {
  if (imageBase === null) return text ? [{ type: 'text', value: text }] : [];
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(IMAGE_MARKER_RE)) {
    const start = match.index ?? 0;
    if (start > last) segments.push({ type: 'text', value: text.slice(last, start) });
    const url = (match[1] ?? '').trim();
    // A marker that is not ours disappears: neither fetched nor shown as text.
    if (isStoredPostImageUrl(url, imageBase)) segments.push({ type: 'image', url });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ type: 'text', value: text.slice(last) });
  return segments;
}

/**
 * The collapsed view ('ver mais'): the text only, cut at 150 characters on a word boundary when one is near, and
 * never inside a mention's markup (the cut moves before it).
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
  const ranges = mentionRanges(full);
  const outsideMentions = (end: number) => {
    for (const [start, stop] of ranges) if (start < end && stop > end) return start;
    return end;
  };
  let cut = full.slice(0, outsideMentions(DESCRIPTION_PREVIEW_CHARS));
  const space = cut.lastIndexOf(' ');
  if (space > DESCRIPTION_PREVIEW_CHARS - 30) cut = cut.slice(0, outsideMentions(space));
  return { text: `${cut.trimEnd()}…`, truncated: true };
}
