/**
 * Markdown for the documents the member exports (product and upsell plans). Member text is escaped so that
 * it reads as written: a '#' or '*' typed in a name never turns into a heading or emphasis, and a '|' never
 * breaks a table.
 */

/** Characters that change meaning anywhere in a line. */
const INLINE_SPECIALS = /[\\`*_[\]<>#|~]/g;

/** One line of member text, escaped; a line that would start a list, quote, heading or rule is neutralised. */
function escapeLine(line: string): string {
  const escaped = line.replace(INLINE_SPECIALS, (c) => `\\${c}`);
  // '- x', '+ x', '1. x', '1) x', '= ' and '---' at the start of a line start a block: escape the marker.
  return escaped.replace(/^(\s*)([-+=])/, '$1\\$2').replace(/^(\s*\d+)([.)])/, '$1\\$2');
}

/** Member text kept on several lines (descriptions): each line escaped, blank lines kept. */
export function escapeMarkdown(text: string): string {
  return text.replace(/\r\n?/g, '\n').split('\n').map(escapeLine).join('\n');
}

/** Member text that must stay on one line (a heading, a list item, a table cell): newlines become spaces. */
export function escapeMarkdownInline(text: string): string {
  return escapeLine(text.replace(/\s*[\r\n]+\s*/g, ' ').trim());
}

/** A file name made from member text: lower case, no accents, words joined by '-', at most 60 characters. */
export function fileSlug(text: string, fallback: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}
