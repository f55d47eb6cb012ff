import { existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeOf, routeSourceOf } from '../../shared/app-routes';
import { dashboardTabSourceOf } from '../../shared/dashboard-tabs';
import { CATALOGUE_FILTER_PARAMS, DASHBOARD_FIRST_DATA } from '../../shared/first-screen';
import { clientDistFolder } from '../lib/paths';
import { registerPwaRoutes } from './pwa';
import { pathOnly } from './request-log';
import { loadSessionUser, SESSION_COOKIE, type SessionUser } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The image a signed-in member's dashboard paints largest first (the first offer card), set by the offers
     * module; the HTML of /dashboard preloads it so it downloads with the scripts (issue #13).
     */
    firstScreenImage: { dashboard?: (user: SessionUser) => Promise<PreloadImage | null> };
  }
}

export interface PreloadImage {
  href: string;
  srcset?: string;
  sizes: string;
}

const NOT_FOUND = { message: 'Recurso não encontrado.' };
const FILE_NOT_FOUND = { message: 'Arquivo não encontrado.' };

/**
 * A path ending in a file extension (`/assets/app.js`, `/robots.txt`, `/favicon.png`) names a file, never an
 * SPA route. Only file types are listed, so a client route whose id holds a dot (`/detalhes-oferta/site.com`)
 * still gets index.html.
 */
const FILE_EXTENSION =
  /\.(js|mjs|cjs|css|map|json|webmanifest|txt|xml|html?|ico|png|jpe?g|gif|svg|webp|avif|bmp|woff2?|ttf|otf|eot|mp4|webm|mov|mp3|wav|pdf|zip|gz|br|wasm|php|aspx?|env|bak|sql|ya?ml)$/i;

/** The file under `root` that a URL path names (relative, with `/`), or null (traversal, dot-files, absent). */
async function existingFile(root: string, urlPath: string): Promise<string | null> {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath).replace(/^\/+/, '');
  } catch {
    return null;
  }
  if (!relative || relative.split('/').some((part) => part === '' || part.startsWith('.'))) return null;
  const full = path.resolve(root, relative);
  if (!full.startsWith(root + path.sep)) return null;
  const info = await stat(full).catch(() => null);
  return info?.isFile() ? path.relative(root, full).split(path.sep).join('/') : null;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with what the first screen of a URL needs named in its head: `<link rel=modulepreload>` for the
 * route's chunk and everything it imports (the entry's own imports are already there, written by Vite), and for
 * a signed-in member's dashboard the first offer card's image. Without the hints the browser discovers them one
 * round trip after another (entry -> route -> tab -> data -> image): on a phone, most of the time before the
 * first card shows.
 */
export class IndexPage {
  private readonly manifest: Record<string, ManifestChunk>;
  private readonly entryFiles: Set<string>;
  private readonly preloads = new Map<string, string>();

  constructor(
    private readonly html: string,
    manifest: Record<string, ManifestChunk> | null,
  ) {
    this.manifest = manifest ?? {};
    this.entryFiles = new Set(this.closure(['index.html']));
  }

  static load(root: string): IndexPage {
    const html = readFileSync(path.join(root, 'index.html'), 'utf8');
    let manifest: Record<string, ManifestChunk> | null = null;
    try {
      manifest = JSON.parse(readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8'));
    } catch {
      // No manifest (a hand-made client folder in tests): the page works, only without the hints.
    }
    return new IndexPage(html, manifest);
  }

  /** The files of these manifest entries and of everything they import statically. */
  private closure(keys: string[]): string[] {
    const files: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = this.manifest[key];
      if (!chunk) return;
      files.push(chunk.file);
      for (const next of chunk.imports ?? []) visit(next);
    };
    for (const key of keys) visit(key);
    return files;
  }

  /** The modulepreload links of these source modules' chunks, minus what the entry already loads. */
  private modulePreloads(sources: string[]): string {
    const key = sources.join('|');
    let links = this.preloads.get(key);
    if (links === undefined) {
      links = this.closure(sources)
        .filter((file) => !this.entryFiles.has(file) && file.endsWith('.js'))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`)
        .join('');
      this.preloads.set(key, links);
    }
    return links;
  }

  /** The page for a URL: its route's code preloaded, and a signed-in member's first data and image. */
  render(url: URL, hints: MemberHints | null): string {
    const route = routeOf(url.pathname);
    if (!route) return this.html;
    const sources: string[] = [routeSourceOf(route)];
    if (route === 'dashboard') sources.push(dashboardTabSourceOf(url.searchParams));
    let head = this.modulePreloads(sources);
    // Same URL and credentials mode as the app's fetch (api-client: credentials 'include'): it takes these over.
    for (const href of hints?.data ?? []) {
      head += `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(href)}">`;
    }
    const image = hints?.image;
    if (image) {
      const srcset = image.srcset
        ? ` imagesrcset="${escapeAttribute(image.srcset)}" imagesizes="${escapeAttribute(image.sizes)}"`
        : '';
      head += `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image.href)}"${srcset}>`;
    }
    return head ? this.html.replace('</head>', `${head}</head>`) : this.html;
  }
}

/** The dashboard opens on the catalogue unless ?tab= names another tab (the stored tab is the browser's). */
function opensOnCatalogue(url: URL): boolean {
  const tab = url.searchParams.get('tab');
  return tab === null || tab === 'ofertas-escaladas';
}

/** What a signed-in member's first screen of the catalogue will ask for: its data, and the first card's image. */
interface MemberHints {
  data: readonly string[];
  image: PreloadImage | null;
}

/** index.html is revalidated on every visit: it names the current hashed assets. */
async function sendIndex(
  app: FastifyInstance,
  page: IndexPage,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  let url: URL;
  try {
    url = new URL(request.url, 'http://app');
  } catch {
    url = new URL('http://app/');
  }
  const hints = await memberHints(app, request, url);
  reply.header('cache-control', 'no-cache');
  if (hints) reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie');
  return reply.type('text/html; charset=utf-8').send(page.render(url, hints));
}

/**
 * For a signed-in member opening the catalogue: the first page of cards and the banner when the URL has no filters
 * (the app asks for exactly these first, dashboard-first-load.ts), and the first card's image. Null otherwise or on
 * any failure. The stored tab lives in the browser: a member who left on another tab downloads them for nothing,
 * a few KB, as with the catalogue's code.
 */
async function memberHints(
  app: FastifyInstance,
  request: FastifyRequest,
  url: URL,
): Promise<MemberHints | null> {
  const provide = app.firstScreenImage.dashboard;
  const token = request.cookies?.[SESSION_COOKIE];
  if (!provide || !token || routeOf(url.pathname) !== 'dashboard' || !opensOnCatalogue(url)) return null;
  try {
    const found = await loadSessionUser(app.db, token, app.sessionCache);
    if (!found) return null;
    const filtered = CATALOGUE_FILTER_PARAMS.some((key) => url.searchParams.has(key));
    return { data: filtered ? [] : DASHBOARD_FIRST_DATA, image: await provide(found.user) };
  } catch {
    // The database is away: the page still loads (and shows the app's own message), only without the hints.
    return null;
  }
}

/**
 * Serves the built React app: hashed assets with a long cache, other files of dist/client (favicon,
 * robots.txt, manifest) with their own type, any other non-API GET without a file extension gets index.html
 * (the client router shows its own not-found screen). A missing file is a 404, never index.html; API paths
 * that match nothing answer JSON 404.
 */
export async function registerWebClient(app: FastifyInstance, root = clientDistFolder) {
  const clientRoot = path.resolve(root);
  const hasClient = existsSync(path.join(clientRoot, 'index.html'));
  const page = hasClient ? IndexPage.load(clientRoot) : null;
  registerPwaRoutes(app, hasClient ? clientRoot : null);
  if (hasClient) {
    // `npm run build` writes Brotli and gzip copies of the text assets (scripts/precompress.ts): sent as they are to
    // a browser that accepts them (Vary: Accept-Encoding), instead of compressing each response on the way out.
    await app.register(fastifyStatic, { root: clientRoot, serve: false, preCompressed: true });
    app.get('/assets/*', { config: { access: 'public' } }, async (request, reply) => {
      const file = await existingFile(clientRoot, pathOnly(request.url));
      if (!file?.startsWith('assets/')) return reply.status(404).send(FILE_NOT_FOUND);
      // Hashed names: a file never changes, so browsers keep it for a year.
      return reply.sendFile(file, { maxAge: '365d', immutable: true });
    });
  }

  app.setNotFoundHandler(async (request, reply: FastifyReply) => {
    const url = pathOnly(request.url) || '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/')) {
      return reply.status(404).send(NOT_FOUND);
    }
    if (FILE_EXTENSION.test(url)) {
      const file = hasClient ? await existingFile(clientRoot, url) : null;
      if (!file) return reply.status(404).send(FILE_NOT_FOUND);
      if (file === 'index.html' && page) return sendIndex(app, page, request, reply);
      return reply.sendFile(file);
    }
    if (!page) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('A interface ainda não foi compilada. Rode `npm run build` (o `npm start` faz isso sozinho).');
    }
    return sendIndex(app, page, request, reply);
  });
}
