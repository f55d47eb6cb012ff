import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The dark theme's colours (--color-background in src/client/styles.css; index.html's theme-color). */
export const THEME_COLOR = '#0a0a0f';

/** The web app manifest: what a phone shows when the club is installed (name, icons, colours, first screen). */
export const WEB_APP_MANIFEST = {
  id: '/dashboard',
  name: 'Clube Escala',
  short_name: 'Clube Escala',
  description:
    'Ofertas escaladas, ferramentas de espionagem e mentoria para afiliados e gestores de tráfego: o clube no seu celular.',
  lang: 'pt-BR',
  dir: 'ltr',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: THEME_COLOR,
  categories: ['business', 'education', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
} as const;

const MANIFEST_JSON = JSON.stringify(WEB_APP_MANIFEST);

/**
 * GET /manifest.webmanifest and GET /sw.js. The service worker is read from the built client at every request (a few
 * KB; browsers ask for it at each visit and get it revalidated, `no-cache`), so a deploy that swaps dist/client is
 * seen at once, without a restart, and a browser test can replace it to play a new version.
 */
export function registerPwaRoutes(app: FastifyInstance, clientRoot: string | null) {
  app.get('/manifest.webmanifest', { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/manifest+json; charset=utf-8')
      .send(MANIFEST_JSON),
  );

  app.get('/sw.js', { config: { access: 'public' } }, async (_request, reply) => {
    const code = clientRoot ? await readFile(path.join(clientRoot, 'sw.js'), 'utf8').catch(() => null) : null;
    if (code === null) return reply.status(404).send({ message: 'Arquivo não encontrado.' });
    return reply
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/')
      .type('text/javascript; charset=utf-8')
      .send(code);
  });
}
