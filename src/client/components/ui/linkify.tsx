import { Fragment } from 'react';

// A URL candidate: http:// or https:// not glued to a preceding word or scheme (so 'javascript://https://x'
// or 'xhttp://' never yields a link), running to the next whitespace.
const URL_PATTERN = /(?<![\w/:.@-])https?:\/\/[^\s<>"']+/gi;
// Punctuation that usually ends a sentence rather than the URL.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

export type TextPart = { type: 'text'; value: string } | { type: 'link'; value: string; href: string };

/** Returns `href` when it parses as an absolute http(s) URL, else null. */
function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits text into plain parts and http(s) links. Anything else (javascript:, data:, ...) stays text. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const link = raw.replace(TRAILING_PUNCTUATION, '');
    const href = safeHref(link);
    if (!href) continue;
    if (start > last) parts.push({ type: 'text', value: text.slice(last, start) });
    parts.push({ type: 'link', value: link, href });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ type: 'text', value: text.slice(last) });
  return parts;
}

/** Renders user text as React children with http(s) URLs as links opening in a new tab. Never HTML. */
export function Linkify({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className}>
      {splitLinks(text).map((part, index) =>
        part.type === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are derived from immutable text, order is stable.
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="[overflow-wrap:anywhere] text-primary underline underline-offset-2 hover:text-green-300"
            onClick={(event) => event.stopPropagation()}
          >
            {part.value}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <Fragment key={index}>{part.value}</Fragment>
        ),
      )}
    </span>
  );
}
