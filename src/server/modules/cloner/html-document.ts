import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { type CssContext, cssReferences, rewriteCss } from './css-references';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
type TextNode = DefaultTreeAdapterMap['textNode'];

/** Attributes holding one URL, per element (`*`: any element: lazy-loading libraries' attributes). */
const URL_ATTRIBUTES: Record<string, string[]> = {
  '*': ['data-src', 'data-lazy-src', 'data-original', 'data-bg', 'data-background', 'data-poster'],
  img: ['src', 'lowsrc'],
  script: ['src'],
  iframe: ['src'],
  frame: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  source: ['src'],
  track: ['src'],
  embed: ['src'],
  input: ['src'],
  object: ['data'],
  body: ['background'],
  table: ['background'],
  td: ['background'],
  th: ['background'],
  image: ['href', 'xlink:href'],
  use: ['href', 'xlink:href'],
  feimage: ['href', 'xlink:href'],
};
/** Attributes holding a srcset (every candidate is a file the page may ask for at some size). */
const SRCSET_ATTRIBUTES: Record<string, string[]> = {
  '*': ['data-srcset', 'data-lazy-srcset'],
  img: ['srcset'],
  source: ['srcset'],
  link: ['imagesrcset'],
};
/** `<link rel>` values whose href is a file of the page (not a navigation link). */
const LINK_FILE_RELS = new Set([
  'stylesheet',
  'icon',
  'shortcut',
  'apple-touch-icon',
  'apple-touch-icon-precomposed',
  'mask-icon',
  'preload',
  'modulepreload',
  'prefetch',
  'manifest',
]);

/** One place in the HTML text that holds URLs, with its offsets. */
type Slot =
  | { kind: 'url'; start: number; end: number; name: string; value: string; element: Element }
  | { kind: 'srcset'; start: number; end: number; name: string; value: string; element: Element }
  | { kind: 'style-attr'; start: number; end: number; name: string; value: string; element: Element }
  | { kind: 'style-block'; start: number; end: number; value: string }
  | { kind: 'script-text'; start: number; end: number; value: string }
  | { kind: 'import-map'; start: number; end: number; value: string }
  | { kind: 'base'; start: number; end: number; name: string; value: string; element: Element }
  | { kind: 'hint'; start: number; end: number; value: string };

export interface HtmlDocument {
  html: string;
  /** The URL relative references resolve against (the page's, or its `<base href>`). */
  base: URL;
  slots: Slot[];
  /** Where a `<script>` injected first in the head goes (just after `<head>`, or the start of the document). */
  headInsertAt: number;
  /** The page names its encoding (`<meta charset>` or its http-equiv form): a static host may not. */
  declaresCharset: boolean;
}

/** Parses a page with parse5 (source locations on) and lists every place that holds a URL. */
export function readHtml(html: string, pageUrl: URL): HtmlDocument {
  const doc = parse(html, { sourceCodeLocationInfo: true });
  const slots: Slot[] = [];
  let base = pageUrl;
  let headInsertAt = -1;
  let declaresCharset = false;
  const visit = (node: Node) => {
    if ('tagName' in node) {
      const element = node as Element;
      const tag = element.tagName.toLowerCase();
      const location = element.sourceCodeLocation;
      if (tag === 'head' && location?.startTag && headInsertAt < 0)
        headInsertAt = location.startTag.endOffset;
      const attrs = location?.attrs ?? {};
      const attr = (name: string) => element.attrs.find((a) => a.name === name);
      const add = (kind: 'url' | 'srcset' | 'style-attr' | 'base', name: string) => {
        const found = attr(name);
        const at = attrs[name];
        if (found && at)
          slots.push({ kind, start: at.startOffset, end: at.endOffset, name, value: found.value, element });
      };
      for (const name of [...(URL_ATTRIBUTES['*'] ?? []), ...(URL_ATTRIBUTES[tag] ?? [])]) add('url', name);
      for (const name of [...(SRCSET_ATTRIBUTES['*'] ?? []), ...(SRCSET_ATTRIBUTES[tag] ?? [])])
        add('srcset', name);
      if (tag === 'link') {
        const rels = (attr('rel')?.value ?? '').toLowerCase().split(/\s+/);
        if (rels.some((r) => LINK_FILE_RELS.has(r))) add('url', 'href');
        else if ((rels.includes('preconnect') || rels.includes('dns-prefetch')) && location && attr('href'))
          slots.push({
            kind: 'hint',
            start: location.startOffset,
            end: location.endOffset,
            value: attr('href')?.value ?? '',
          });
      }
      if (tag === 'base' && attr('href') && base === pageUrl) {
        try {
          base = new URL(attr('href')?.value ?? '', pageUrl);
          add('base', 'href');
        } catch {}
      }
      if (attr('style')) add('style-attr', 'style');
      if (tag === 'meta' && (attr('charset') || /^content-type$/i.test(attr('http-equiv')?.value ?? '')))
        declaresCharset = true;
      if (tag === 'style' || tag === 'script') {
        const type = (attr('type')?.value ?? '').toLowerCase();
        const isImportMap = tag === 'script' && !attr('src') && type === 'importmap';
        const isScript =
          tag === 'script' &&
          !attr('src') &&
          !isImportMap &&
          (type === '' || /javascript|module|json/.test(type));
        for (const child of element.childNodes) {
          const text = child as TextNode;
          if (text.nodeName !== '#text' || !text.sourceCodeLocation) continue;
          const { startOffset: start, endOffset: end } = text.sourceCodeLocation;
          if (tag === 'style') slots.push({ kind: 'style-block', start, end, value: text.value });
          else if (isScript) slots.push({ kind: 'script-text', start, end, value: text.value });
          else if (isImportMap) slots.push({ kind: 'import-map', start, end, value: text.value });
        }
      }
      const content = (element as unknown as { content?: Node }).content;
      if (content) visit(content);
    }
    for (const child of (node as { childNodes?: Node[] }).childNodes ?? []) visit(child);
  };
  visit(doc as unknown as Node);
  if (headInsertAt < 0) headInsertAt = afterDoctype(doc);
  return { html, base, slots, headInsertAt, declaresCharset };
}

function afterDoctype(doc: DefaultTreeAdapterMap['document']): number {
  const doctype = doc.childNodes.find((n) => n.nodeName === '#documentType');
  return doctype?.sourceCodeLocation?.endOffset ?? 0;
}

/** The URLs of a srcset, in order (candidates split as the HTML standard does: URL, then descriptors). */
export function srcsetUrls(value: string): { url: string; descriptor: string }[] {
  const out: { url: string; descriptor: string }[] = [];
  let i = 0;
  const isSpace = (c: string | undefined) =>
    c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
  while (i < value.length) {
    while (i < value.length && (isSpace(value[i]) || value[i] === ',')) i++;
    if (i >= value.length) break;
    let j = i;
    while (j < value.length && !isSpace(value[j])) j++;
    let url = value.slice(i, j);
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      let k = j;
      while (k < value.length && value[k] !== ',') k++;
      descriptor = value.slice(j, k).trim();
      j = k;
    }
    if (url) out.push({ url, descriptor });
    i = j + 1;
  }
  return out;
}

/** Every URL the page refers to as a file of its own (resolved absolute), with the CSS of its style blocks. */
export function htmlFileUrls(doc: HtmlDocument): string[] {
  const urls: string[] = [];
  const push = (raw: string, base: URL) => {
    const text = raw.trim();
    if (!text || /^(data|blob|javascript|about|mailto|tel):/i.test(text)) return;
    try {
      const url = new URL(text, base);
      if (url.protocol === 'http:' || url.protocol === 'https:') urls.push(url.href);
    } catch {}
  };
  for (const slot of doc.slots) {
    if (slot.kind === 'url') push(slot.value, doc.base);
    else if (slot.kind === 'srcset') for (const c of srcsetUrls(slot.value)) push(c.url, doc.base);
    else if (slot.kind === 'style-attr' || slot.kind === 'style-block') {
      const context: CssContext = slot.kind === 'style-attr' ? 'declarationList' : 'stylesheet';
      for (const ref of cssReferences(slot.value, context)) push(ref.value, doc.base);
    }
  }
  return urls;
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export interface HtmlRewrite {
  /** A reference's place in the archive, relative to the page, or null to keep it as written. */
  map(raw: string, base: URL): string | null;
  /** The `<base href>`: the archive folder of the original base, relative to the page. */
  mapBase(url: URL): string;
  /** An inline script with the URLs it names rewritten. */
  scriptUrls(text: string): string;
  /** An import map (JSON) with its addresses rewritten. */
  importMap(text: string): string;
  /** Put first in the head (the shim). */
  headPrefix?: string;
  /** A connection hint (`preconnect`, `dns-prefetch`) to a host whose files are all in the archive: removed. */
  dropHint?(href: string, base: URL): boolean;
}

/**
 * The page's own HTML, scripts included, with every reference to a file rewritten to its place in the archive.
 * Only the attribute or text that changes is rewritten; everything else stays byte for byte. An element whose URL
 * changed loses its `integrity` (the file's bytes may have changed with its own references).
 */
export function rewriteHtml(doc: HtmlDocument, rewrite: HtmlRewrite): string {
  const edits: { start: number; end: number; text: string }[] = [];
  const integrityDropped = new Set<Element>();
  const dropIntegrity = (element: Element) => {
    if (integrityDropped.has(element)) return;
    integrityDropped.add(element);
    const at = element.sourceCodeLocation?.attrs?.integrity;
    if (at) edits.push({ start: at.startOffset, end: at.endOffset, text: '' });
  };
  const attribute = (name: string, value: string) => `${name}="${escapeAttribute(value)}"`;
  for (const slot of doc.slots) {
    let text: string | null = null;
    if (slot.kind === 'url') {
      const mapped = rewrite.map(slot.value.trim(), doc.base);
      if (mapped !== null) {
        text = attribute(slot.name, mapped);
        dropIntegrity(slot.element);
      }
    } else if (slot.kind === 'srcset') {
      const candidates = srcsetUrls(slot.value);
      const mapped = candidates.map((c) => ({ ...c, to: rewrite.map(c.url, doc.base) }));
      if (mapped.some((c) => c.to !== null)) {
        const value = mapped.map((c) => [c.to ?? c.url, c.descriptor].filter(Boolean).join(' ')).join(', ');
        text = attribute(slot.name, value);
      }
    } else if (slot.kind === 'style-attr') {
      const css = rewriteCss(slot.value, (v) => rewrite.map(v, doc.base), 'declarationList');
      if (css !== slot.value) text = attribute(slot.name, css);
    } else if (slot.kind === 'style-block') {
      const css = rewriteCss(slot.value, (v) => rewrite.map(v, doc.base));
      if (css !== slot.value) text = css.replaceAll('</style', '<\\/style');
    } else if (slot.kind === 'script-text') {
      const js = rewrite.scriptUrls(slot.value);
      if (js !== slot.value) text = js;
    } else if (slot.kind === 'import-map') {
      const map = rewrite.importMap(slot.value);
      if (map !== slot.value) text = map;
    } else if (slot.kind === 'base') {
      text = attribute(slot.name, rewrite.mapBase(doc.base));
    } else if (slot.kind === 'hint') {
      if (rewrite.dropHint?.(slot.value, doc.base)) text = '';
    }
    if (text !== null) edits.push({ start: slot.start, end: slot.end, text });
  }
  if (rewrite.headPrefix)
    edits.push({ start: doc.headInsertAt, end: doc.headInsertAt, text: rewrite.headPrefix });
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) continue;
    out += doc.html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + doc.html.slice(at);
}
