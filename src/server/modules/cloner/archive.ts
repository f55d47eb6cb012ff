import { type Zippable, zipSync } from 'fflate';
import {
  archiveFolder,
  archiveName,
  asSpecifier,
  encodeArchivePath,
  folderOf,
  relativeFolderReference,
  relativeReference,
  settleNames,
} from './archive-paths';
import { rewriteCss } from './css-references';
import {
  extensionFor,
  type FileType,
  fileTypeOf,
  isCssType,
  isHtmlType,
  isJsonType,
  isScriptType,
  isTextType,
} from './file-types';
import { type HtmlDocument, readHtml, rewriteHtml } from './html-document';
import { rewriteImportMap } from './import-map';
import { type Captured, type FetchResult, isFailure, isRedirect, withoutHash } from './resource-collector';
import {
  rewriteImportSpecifiers,
  rewriteScriptUrls,
  rewriteSitePaths,
  type ScriptContext,
} from './script-urls';
import { shimScript } from './shim';

export interface Archive {
  zip: Uint8Array;
  /** ZIP entry names, sorted. */
  files: string[];
}

/** The charset a text answer declares (UTF-8 unless it says Latin-1); the text is written back in it. */
function charsetOf(captured: Captured): BufferEncoding {
  const declared = /charset=([\w-]+)/i.exec(captured.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  return declared && /^(iso-8859-1|latin1|windows-1252|us-ascii)$/.test(declared) ? 'latin1' : 'utf8';
}

const NOT_A_FILE = /^(data|blob|javascript|about|mailto|tel):/i;

/**
 * Pass 3: the archive. Each fetched file under its name (archive-paths.ts: site paths mirrored, other hosts under
 * `_externos/`, the extension its type calls for); the page's own HTML (not the rendered DOM, so its scripts still
 * run) as index.html. References to fetched files are rewritten relative to the file that holds them (HTML
 * attributes and srcsets, style blocks and attributes, inline scripts, import maps, style sheets), so the ZIP works in
 * any folder. Script and JSON files hold URLs the document resolves (fetch, innerHTML, the CSSOM, workers): the
 * absolute and root-relative ones that name a fetched file are written relative to the cloned page's folder (its
 * `<base>` folder when it has one), module specifiers relative to the module. The run-time shim, first in every
 * page's head, places what scripts build at run time under the clone's folder.
 */
export function buildArchive(input: {
  page: Captured;
  results: FetchResult[];
  scripts?: Set<string>;
}): Archive {
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

  const types = new Map<string, FileType>();
  const candidates = new Map<string, string>();
  for (const [url, captured] of answers) {
    const type = fileTypeOf(captured, input.scripts?.has(url));
    types.set(url, url === input.page.url ? { mime: 'text/html', generic: false } : type);
    candidates.set(
      url,
      archiveName(new URL(url), siteOrigin, (ext) => extensionFor(type, ext)),
    );
  }
  const names = settleNames(input.page.url, candidates);

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
  /** The archive file of a reference written in a file at `base` (with its fragment), or null when not fetched. */
  const target = (raw: string, base: URL | string): { file: string; hash: string } | null => {
    const text = raw.trim();
    if (!text || NOT_A_FILE.test(text) || text.startsWith('#')) return null;
    let url: URL;
    try {
      url = new URL(text, base);
    } catch {
      return null;
    }
    const final = finalOf(withoutHash(url.href));
    const file = final ? names.get(final) : undefined;
    return file === undefined ? null : { file, hash: url.hash };
  };
  // Every URL of the clone as scripts may write it (each URL of a redirect chain points at its final file).
  const targets = new Map<string, string>();
  for (const url of [...answers.keys(), ...redirects.keys()]) {
    const found = target(url, url);
    if (found) targets.set(url, found.file);
  }
  // The site's own fetched URLs as scripts write them by path (`/img/foto`, `/api/x?id=1`), folders excepted.
  const sitePaths = new Map<string, string>();
  for (const [url, file] of targets) {
    const parsed = new URL(url);
    if (parsed.origin === siteOrigin && !parsed.pathname.endsWith('/'))
      sitePaths.set(parsed.pathname + parsed.search, file);
  }
  const files = [...new Set(names.values())].sort();
  const index = new Map(files.map((file, i) => [file, i]));
  const origins = [...new Set([...answers.keys()].map((u) => new URL(u).origin))];
  const prefixes: [string, string][] = origins.map((origin) => {
    const folder = archiveFolder(new URL(`${origin}/`), siteOrigin);
    return [`${origin}/`, folder ? `${encodeArchivePath(folder)}/` : ''];
  });
  // URLs whose file is not where their origin's folder and path alone would put it.
  const exact: Record<string, number> = {};
  for (const [url, file] of targets) {
    const prefix = prefixes.find(([origin]) => url.startsWith(origin));
    if (!prefix || `${prefix[1]}${url.slice(prefix[0].length)}` !== encodeArchivePath(file))
      exact[url] = index.get(file) ?? 0;
  }

  /** The archive folder of a folder URL on a cloned host (the site or a third party), or null. */
  const clonedFolder = (url: URL) => (origins.includes(url.origin) ? archiveFolder(url, siteOrigin) : null);

  /** A module specifier of a script at `url` (archived as `file`): its file, relative to the module. */
  const importsOf = (text: string, url: URL | string, fromFolder: string) =>
    rewriteImportSpecifiers(text, (specifier) => {
      const found = target(specifier, url);
      return found ? asSpecifier(relativeReference(fromFolder, found.file)) + found.hash : null;
    });

  /**
   * URLs written in a script or JSON file (or an inline script), to their files: module specifiers relative to
   * `moduleFolder`, everything else relative to `pageFolder` (the folder the document resolves them against).
   */
  const scriptReferences = (text: string, moduleFolder: string, pageFolder: string) => {
    const write = (to: string, context: ScriptContext) =>
      context === 'import'
        ? asSpecifier(relativeReference(moduleFolder, to))
        : relativeReference(pageFolder, to);
    return rewriteSitePaths(rewriteScriptUrls(text, targets, write), sitePaths, write);
  };

  const documents = new Map<string, HtmlDocument>();
  const documentOf = (captured: Captured) => {
    let doc = documents.get(captured.url);
    if (!doc) {
      doc = readHtml(captured.body.toString(charsetOf(captured)), new URL(captured.url));
      documents.set(captured.url, doc);
    }
    return doc;
  };
  /** The folder a page's references resolve against in the archive: its `<base href>` folder, or its own. */
  const referenceFolder = (doc: HtmlDocument, file: string) =>
    doc.slots.some((slot) => slot.kind === 'base') ? archiveFolder(doc.base, siteOrigin) : folderOf(file);
  const pageFolder = referenceFolder(documentOf(input.page), 'index.html');

  const htmlFile = (captured: Captured, file: string) => {
    const encoding = charsetOf(captured);
    const doc = documentOf(captured);
    const ownFolder = folderOf(file);
    // References resolve against the `<base href>` when there is one: it is rewritten to that folder's place.
    const from = referenceFolder(doc, file);
    const toRoot = ownFolder ? `${ownFolder.split('/').fill('..').join('/')}/` : '';
    const charset = doc.declaresCharset
      ? ''
      : `<meta charset="${encoding === 'latin1' ? 'windows-1252' : 'utf-8'}">`;
    const html = rewriteHtml(doc, {
      map: (raw, base) => {
        const found = target(raw, base);
        return found ? relativeReference(from, found.file) + found.hash : null;
      },
      mapBase: () => relativeFolderReference(ownFolder, from),
      scriptUrls: (text) => scriptReferences(importsOf(text, doc.base, from), from, from),
      importMap: (text) => rewriteImportMap(text, doc.base, from, { targets, folder: clonedFolder }),
      headPrefix: charset + shimScript({ base: doc.base.href, toRoot, files, exact, prefixes }),
      dropHint: (href, base) => {
        try {
          return origins.includes(new URL(href, base).origin);
        } catch {
          return false;
        }
      },
    });
    return Buffer.from(html, encoding);
  };

  const zippable: Zippable = {};
  for (const [url, captured] of answers) {
    const file = names.get(url);
    const type = types.get(url);
    if (!file || !type) continue;
    const encoding = charsetOf(captured);
    const text = () => captured.body.toString(encoding);
    let data: Uint8Array = captured.body;
    if (isHtmlType(type.mime)) data = htmlFile(captured, file);
    else if (isCssType(type.mime)) {
      const css = rewriteCss(text(), (value) => {
        const found = target(value, url);
        return found ? relativeReference(folderOf(file), found.file) + found.hash : null;
      });
      data = Buffer.from(css, encoding);
    } else if (isScriptType(type.mime) || isJsonType(type.mime)) {
      const code = isScriptType(type.mime) ? importsOf(text(), url, folderOf(file)) : text();
      const rewritten = scriptReferences(code, folderOf(file), pageFolder);
      data = Buffer.from(rewritten, encoding);
    }
    zippable[file] = [data, { level: isTextType(type.mime) ? 6 : 0, mtime: new Date() }];
  }
  return { zip: zipSync(zippable), files: Object.keys(zippable).sort() };
}
