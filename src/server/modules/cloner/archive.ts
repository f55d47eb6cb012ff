import { type Zippable, zipSync } from 'fflate';
import { archivePath, settleFileNames } from './archive-paths';
import { rewriteCss } from './css-references';
import { readHtml, rewriteHtml } from './html-document';
import {
  type Captured,
  type FetchResult,
  isFailure,
  isRedirect,
  mimeOf,
  withoutHash,
} from './resource-collector';
import { rewriteScriptUrls } from './script-urls';
import { shimScript } from './shim';

export interface Archive {
  zip: Uint8Array;
  /** ZIP entry names, sorted. */
  files: string[];
}

const TEXT_MIME =
  /^(text\/|application\/(javascript|x-javascript|ecmascript|json|ld\+json|manifest\+json|xml|xhtml\+xml)|image\/svg\+xml)/;
const isHtml = (mime: string) => mime === 'text/html' || mime === 'application/xhtml+xml';
const isCss = (mime: string) => mime === 'text/css';
const isScriptOrJson = (mime: string) => /javascript|ecmascript|json/.test(mime);

/** The charset a text answer declares (UTF-8 unless it says Latin-1); the text is written back in it. */
function charsetOf(captured: Captured): BufferEncoding {
  const declared = /charset=([\w-]+)/i.exec(captured.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  return declared && /^(iso-8859-1|latin1|windows-1252|us-ascii)$/.test(declared) ? 'latin1' : 'utf8';
}

/**
 * Pass 3: the archive. Each fetched file at its mirrored path (archive-paths.ts); the page's own HTML (not the
 * rendered DOM, so its scripts still run) as index.html with every reference to a fetched file rewritten (HTML
 * attributes and srcsets, style blocks and attributes, inline scripts), style sheets rewritten the same way,
 * scripts and JSON with their absolute URLs rewritten, and the run-time shim first in every page's head.
 */
export function buildArchive(input: { page: Captured; results: FetchResult[] }): Archive {
  const pageUrl = new URL(input.page.url);
  const siteOrigin = pageUrl.origin;
  const answers = new Map<string, Captured>();
  const redirects = new Map<string, string>();
  for (const result of input.results) {
    if (isFailure(result)) continue;
    if (isRedirect(result.status) && result.location) redirects.set(result.url, withoutHash(result.location));
    else if (result.status >= 200 && result.status < 300) answers.set(result.url, result);
  }
  answers.set(input.page.url, input.page);

  const referenceOf = new Map<string, string>();
  for (const url of answers.keys()) referenceOf.set(url, archivePath(new URL(url), siteOrigin).reference);
  const finalOf = (url: string): string | undefined => {
    let current = url;
    for (let hop = 0; hop <= 5; hop++) {
      if (answers.has(current)) return current;
      const next = redirects.get(current);
      if (!next) return undefined;
      current = next;
    }
    return undefined;
  };
  /** A reference written in a file at `base`: its archive URL (fragment kept), or null when it was not fetched. */
  const map = (raw: string, base: URL | string): string | null => {
    const text = raw.trim();
    if (!text || /^(data|blob|javascript|about|mailto|tel):/i.test(text) || text.startsWith('#')) return null;
    let url: URL;
    try {
      url = new URL(text, base);
    } catch {
      return null;
    }
    const final = finalOf(withoutHash(url.href));
    const reference = final ? referenceOf.get(final) : undefined;
    return reference === undefined ? null : reference + url.hash;
  };
  // Absolute URLs as scripts may write them (each URL of a redirect chain points at its final file).
  const scriptReferences = new Map<string, string>();
  for (const url of [...answers.keys(), ...redirects.keys()]) {
    const reference = map(url, url);
    if (reference !== null) scriptReferences.set(url, reference);
  }
  const origins = new Set([...answers.keys()].map((u) => new URL(u).origin));
  const prefixes: [string, string][] = [...origins].map((origin) => {
    const reference = archivePath(new URL(`${origin}/`), siteOrigin).reference.replace(/\/index\.html$/, '');
    return [`${origin}/`, `${reference}/`];
  });
  const exact = Object.fromEntries([...scriptReferences].filter(([url]) => new URL(url).search));
  const headPrefix = shimScript(prefixes, exact, pageUrl.href);

  const htmlFile = (captured: Captured) => {
    const encoding = charsetOf(captured);
    const doc = readHtml(captured.body.toString(encoding), new URL(captured.url));
    const html = rewriteHtml(doc, {
      map,
      mapBase: (url) => {
        const folder = new URL('.', url).href;
        const ref = map(`${folder}`, folder);
        return (
          ref?.replace(/index\.html$/, '') ??
          archivePath(new URL(folder), siteOrigin).reference.replace(/index\.html$/, '')
        );
      },
      scriptUrls: (text) => rewriteScriptUrls(text, scriptReferences),
      headPrefix,
    });
    return Buffer.from(html, encoding);
  };

  const entries = new Map<string, { data: Uint8Array; text: boolean }>();
  for (const [url, captured] of answers) {
    const mime = mimeOf(captured);
    let data: Uint8Array = captured.body;
    if (isHtml(mime)) data = htmlFile(captured);
    else if (isCss(mime)) {
      const encoding = charsetOf(captured);
      data = Buffer.from(
        rewriteCss(captured.body.toString(encoding), (v) => map(v, url)),
        encoding,
      );
    } else if (isScriptOrJson(mime)) {
      const encoding = charsetOf(captured);
      data = Buffer.from(rewriteScriptUrls(captured.body.toString(encoding), scriptReferences), encoding);
    }
    entries.set(archivePath(new URL(url), siteOrigin).file, { data, text: TEXT_MIME.test(mime) });
  }
  // The page itself at the archive root, whatever its path on the site.
  const page = entries.get(archivePath(pageUrl, siteOrigin).file);
  if (page) entries.set('index.html', page);

  const renamed = settleFileNames([...entries.keys()]);
  const zippable: Zippable = {};
  for (const [file, entry] of entries) {
    zippable[renamed.get(file) ?? file] = [entry.data, { level: entry.text ? 6 : 0, mtime: new Date() }];
  }
  return { zip: zipSync(zippable), files: Object.keys(zippable).sort() };
}
