import { type DefaultTreeAdapterMap, parse } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** One way out of a page: where it goes, what it says, and the text around it. */
export interface PageLink {
  /** Absolute, http or https only. */
  url: string;
  /** The link's own words (collapsed; for a form or a button, its label; empty for a URL in a script). */
  text: string;
  /** The text of the nearest block container that says more than the link itself (capped). */
  context: string;
}

/** What one page says about itself, read from its HTML alone (no request). */
export interface PageFacts {
  title: string;
  /** h1-h3 texts, trimmed, in document order. */
  headings: string[];
  /** Visible text, whitespace collapsed, capped. */
  text: string;
  links: PageLink[];
  /** Absolute iframe sources. */
  iframes: string[];
  /** Absolute script sources. */
  scripts: string[];
  /** The inline scripts' text, concatenated, capped. */
  inlineScripts: string;
}

/** Caps: a hostile page costs at most this much memory and time to read. */
export const PAGE_READER_LIMITS = {
  /** Longer HTML is read up to this many characters (the fetcher caps bodies well below it). */
  html: 4_000_000,
  text: 20_000,
  context: 300,
  linkText: 200,
  inlineScripts: 100_000,
  links: 2_000,
  headings: 100,
  /** Elements open at once: HTML nested deeper is cut there (parse5's tree building is quadratic in depth). */
  depth: 1_000,
  /** Nodes one text read visits. */
  textNodes: 50_000,
  /** Block ancestors a link's context climbs through. */
  contextClimb: 8,
};

/** Elements that never hold others, or whose end tag may be left out: they do not count towards depth. */
const NOT_NESTING = new Set(
  'area base br col embed hr img input link meta source track wbr p li dt dd option optgroup tr td th tbody thead tfoot colgroup rb rt rp html head body'.split(
    ' ',
  ),
);

/**
 * The HTML up to where its elements nest deeper than the limit (a hostile page of 50,000 nested divs would cost
 * parse5 minutes). Counted from start and end tags only: a rough depth, enough to stop the pathological case.
 */
function withinDepth(html: string): string {
  let depth = 0;
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]{0,30})/g)) {
    const tag = match[2]!.toLowerCase();
    if (NOT_NESTING.has(tag)) continue;
    depth += match[1] ? -1 : 1;
    if (depth < 0) depth = 0;
    if (depth > PAGE_READER_LIMITS.depth) return html.slice(0, match.index);
  }
  return html;
}

/** Elements whose text is never shown. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'iframe', 'object']);
/** Block containers: a link's context is the text of the nearest one. */
const BLOCKS = new Set([
  'p',
  'li',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'td',
  'th',
  'tr',
  'table',
  'form',
  'blockquote',
  'dd',
  'dt',
  'figure',
  'figcaption',
  'center',
  'body',
]);
/** Elements that end a run of words (their text is not glued to the next word). */
const BREAKS = new Set([...BLOCKS, 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'option', 'button']);

/**
 * Navigation written in script: `location = '...'`, `location.href = '...'`, `location.assign('...')`,
 * `location.replace('...')`, `window.open('...')`, and a `href`/`url`/`redirect` property or variable set to a
 * quoted path. Relative targets count only here; absolute http(s) URLs count anywhere in a script.
 */
const SCRIPT_NAVIGATION =
  /(?:location(?:\.href)?\s*=|location\.(?:assign|replace)\(|window\.open\(|\b(?:href|redirect(?:Url|To)?|checkout(?:Url)?)\s*[:=])\s*(['"`])([^'"`\s<>]{1,2000})\1/gi;
const SCRIPT_ABSOLUTE_URL = /(['"`])(https?:\/\/[^'"`\s<>\\]{1,2000})\1/gi;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

const attrOf = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;

const childrenOf = (node: Node): Node[] => {
  const template = (node as unknown as { content?: Node }).content;
  const children = (node as { childNodes?: Node[] }).childNodes ?? [];
  return template ? [template, ...children] : children;
};

/** An absolute http(s) URL, or undefined (javascript:, data:, mailto:, broken). */
function absolute(value: string | undefined, base: URL): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (!trimmed || trimmed.startsWith('#')) return undefined;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The shown text of an element (no scripts, styles, templates), collapsed; iterative, so deep nesting is safe. */
function textOf(root: Node, cap: number): string {
  const parts: string[] = [];
  let length = 0;
  const stack: Node[] = [root];
  for (let seen = 0; stack.length > 0 && length < cap * 2 && seen < PAGE_READER_LIMITS.textNodes; seen++) {
    const node = stack.pop()!;
    if (node.nodeName === '#text') {
      const value = (node as DefaultTreeAdapterMap['textNode']).value;
      parts.push(value);
      length += value.length;
      continue;
    }
    if (!('tagName' in node)) continue;
    const tag = node.tagName.toLowerCase();
    if (HIDDEN.has(tag) && node !== root) continue;
    if (BREAKS.has(tag)) parts.push(' ');
    if (tag === 'img' || tag === 'input')
      parts.push(` ${attrOf(node, 'alt') ?? attrOf(node, 'value') ?? ''} `);
    const children = (node as { childNodes?: Node[] }).childNodes ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return collapse(parts.join('')).slice(0, cap);
}

/** At most `cap` characters of `text`, centred on `around` when it is found there. */
function windowAround(text: string, around: string, cap: number): string {
  if (text.length <= cap) return text;
  const at = around ? text.indexOf(around) : -1;
  if (at < 0) return text.slice(0, cap);
  const start = Math.max(
    0,
    Math.min(at + Math.floor(around.length / 2) - Math.floor(cap / 2), text.length - cap),
  );
  return text.slice(start, start + cap);
}

/**
 * Reads a page: title, headings, visible text, every way out (links, forms, buttons, areas, meta refresh, URLs in
 * inline scripts), iframes and scripts. Relative URLs resolve against the page (or its `<base href>`). Never throws
 * on broken or hostile HTML: parse5 repairs it as a browser would, the walk is iterative and every part is capped.
 */
export function readPage(html: string, pageUrl: URL): PageFacts {
  const doc = parse(withinDepth(html.slice(0, PAGE_READER_LIMITS.html)));
  const parents = new Map<Node, Element>();
  const elements: Element[] = [];
  const stack: Node[] = [doc as unknown as Node];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]!;
      if ('tagName' in node) parents.set(child, node);
      stack.push(child);
    }
    if ('tagName' in node) elements.push(node);
  }

  let base = pageUrl;
  const baseElement = elements.find((e) => e.tagName === 'base' && attrOf(e, 'href') !== undefined);
  if (baseElement) {
    try {
      base = new URL(attrOf(baseElement, 'href') ?? '', pageUrl);
    } catch {}
  }

  const contexts = new Map<Element, string>();
  const blockText = (element: Element) => {
    let text = contexts.get(element);
    if (text === undefined) {
      // Enough text to centre a window on the link within it.
      text = textOf(element, PAGE_READER_LIMITS.text);
      contexts.set(element, text);
    }
    return text;
  };
  /** The nearest block container whose text says more than the link itself (a bare wrapper says nothing). */
  const contextOf = (element: Element, ownText: string) => {
    let fallback = '';
    let climbed = 0;
    for (
      let at = parents.get(element);
      at && climbed < PAGE_READER_LIMITS.contextClimb;
      at = parents.get(at)
    ) {
      if (!BLOCKS.has(at.tagName)) continue;
      climbed++;
      const text = blockText(at);
      fallback ||= text;
      if (text && text !== ownText) return windowAround(text, ownText, PAGE_READER_LIMITS.context);
    }
    return windowAround(fallback, ownText, PAGE_READER_LIMITS.context);
  };

  const links: PageLink[] = [];
  const addLink = (value: string | undefined, text: string, element: Element) => {
    if (links.length >= PAGE_READER_LIMITS.links) return;
    const url = absolute(value, base);
    if (!url) return;
    const ownText = text.slice(0, PAGE_READER_LIMITS.linkText);
    links.push({ url, text: ownText, context: contextOf(element, ownText) });
  };
  const labelOf = (element: Element) =>
    textOf(element, PAGE_READER_LIMITS.linkText) ||
    collapse(
      attrOf(element, 'aria-label') ??
        attrOf(element, 'alt') ??
        attrOf(element, 'title') ??
        attrOf(element, 'value') ??
        '',
    );

  let title = '';
  const headings: string[] = [];
  const iframes: string[] = [];
  const scripts: string[] = [];
  const inline: string[] = [];
  let inlineLength = 0;

  for (const element of elements) {
    const tag = element.tagName;
    if (tag === 'title' && !title) title = textOf(element, PAGE_READER_LIMITS.linkText * 2);
    else if (
      (tag === 'h1' || tag === 'h2' || tag === 'h3') &&
      headings.length < PAGE_READER_LIMITS.headings
    ) {
      const text = textOf(element, PAGE_READER_LIMITS.linkText);
      if (text) headings.push(text);
    } else if (tag === 'a' || tag === 'area') addLink(attrOf(element, 'href'), labelOf(element), element);
    else if (tag === 'form') {
      const submit = firstDescendant(
        element,
        (e) =>
          e.tagName === 'button' ||
          (e.tagName === 'input' && /^(submit|image)$/i.test(attrOf(e, 'type') ?? '')),
      );
      addLink(attrOf(element, 'action'), submit ? labelOf(submit) : '', element);
    } else if (tag === 'iframe' || tag === 'frame') {
      const src = absolute(attrOf(element, 'src') ?? attrOf(element, 'data-src'), base);
      if (src) iframes.push(src);
    } else if (tag === 'script') {
      const src = absolute(attrOf(element, 'src'), base);
      if (src) scripts.push(src);
      else if (!/template|html/i.test(attrOf(element, 'type') ?? '')) {
        const code = textOf(element, PAGE_READER_LIMITS.inlineScripts);
        if (code && inlineLength < PAGE_READER_LIMITS.inlineScripts) {
          const kept = code.slice(0, PAGE_READER_LIMITS.inlineScripts - inlineLength);
          inline.push(kept);
          inlineLength += kept.length + 1;
          for (const url of scriptUrls(kept)) addLink(url, '', element);
        }
      }
    } else if (tag === 'meta' && /^refresh$/i.test(attrOf(element, 'http-equiv') ?? '')) {
      const target = /url\s*=\s*['"]?([^'"\s]+)/i.exec(attrOf(element, 'content') ?? '')?.[1];
      addLink(target, '', element);
    }
    if (tag === 'button') addLink(attrOf(element, 'formaction'), labelOf(element), element);
    for (const name of ['data-href', 'data-url', 'data-link']) {
      const value = attrOf(element, name);
      if (value) addLink(value, labelOf(element), element);
    }
    const onclick = attrOf(element, 'onclick');
    if (onclick) for (const url of scriptUrls(onclick)) addLink(url, labelOf(element), element);
  }

  const body = elements.find((e) => e.tagName === 'body');
  return {
    title,
    headings,
    text: body ? textOf(body, PAGE_READER_LIMITS.text) : '',
    links,
    iframes,
    scripts,
    inlineScripts: inline.join('\n'),
  };
}

/** The first element inside `root` (document order) that passes `test`; looks at a bounded number of nodes. */
function firstDescendant(root: Element, test: (element: Element) => boolean): Element | undefined {
  const stack: Node[] = [...root.childNodes].reverse();
  for (let seen = 0; stack.length > 0 && seen < 5_000; seen++) {
    const node = stack.pop()!;
    if (!('tagName' in node)) continue;
    if (test(node)) return node;
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]!);
  }
  return undefined;
}

/** The URLs a piece of script navigates to or names: every absolute http(s) URL, and relative navigation targets. */
export function scriptUrls(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(SCRIPT_NAVIGATION)) {
    const target = match[2]!;
    if (/^(?:https?:)?\/\/|^\/|^\.\.?\//i.test(target)) found.add(target);
  }
  for (const match of code.matchAll(SCRIPT_ABSOLUTE_URL)) found.add(match[2]!);
  return [...found];
}
