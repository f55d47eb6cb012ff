import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small shop on 127.0.0.1 for the slug checker's browser tests: a few funnel pages, two redirects, a 403 and an
 * honest 404 for everything else; each answer after `latencyMs`, so results arrive over a few seconds.
 */
export const SHOP_PAGES = ['obrigado', 'up1', 'vsl2'];
export const SHOP_REDIRECTS: Record<string, string> = {
  checkout: '/pagamento?ref=site',
  membros: 'https://membros.exemplo.com.br/login',
};

export interface LoopbackShop {
  host: string;
  origin: string;
  close(): Promise<void>;
}

export async function startLoopbackShop(latencyMs = 0): Promise<LoopbackShop> {
  const server: Server = createServer((req, res) => {
    const slug = (req.url ?? '/').split('?')[0]?.replace(/^\/+/, '') ?? '';
    setTimeout(() => {
      if (slug === '' || SHOP_PAGES.includes(slug)) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><title>${slug || 'Loja'}</title><h1>Página ${slug || 'inicial'}</h1>${'<p>conteúdo</p>'.repeat(10 + slug.length * 7)}`,
        );
      }
      const location = SHOP_REDIRECTS[slug];
      if (location) {
        res.writeHead(302, { location });
        return res.end();
      }
      if (slug === 'wp-admin') {
        res.writeHead(403, { 'content-type': 'text/html' });
        return res.end('<h1>Proibido</h1>');
      }
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Página não encontrada</h1>');
    }, latencyMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
