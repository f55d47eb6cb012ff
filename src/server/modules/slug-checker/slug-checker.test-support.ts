import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { balanceLedger, users } from '../../db/schema/index';
import { createMember, signIn } from '../../testing/factories';

export { startSite, type TestSite } from '../../testing/loopback-site';

const html = (title: string, body: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
  res.end(body);
}

const NOT_FOUND_PAGE = html('404', '<h1>Página não encontrada</h1><p>O endereço não existe.</p>');

/** Pages of the real site (200), each different. */
export const REAL_PAGES: Record<string, string> = {
  '/obrigado': html(
    'Obrigado!',
    `<h1>Obrigado pela compra</h1>${'<p>Seu acesso chega por e-mail.</p>'.repeat(20)}`,
  ),
  '/up1': html('Oferta especial', `<h1>Espere! Oferta única</h1>${'<p>Leve o kit completo.</p>'.repeat(35)}`),
  '/vsl2': html(
    'Assista',
    `<h1>Assista ao vídeo</h1><video src="/v.mp4"></video>${'<p>texto</p>'.repeat(50)}`,
  ),
  '/pagina-escondida-abc': html('Escondida', '<h1>Página só no robots.txt</h1><p>Allow.</p>'),
  '/area-secreta-xyz/': html('Secreta', `<h1>Área secreta</h1>${'<p>Disallow.</p>'.repeat(12)}`),
  '/produto-oculto-123': html('Produto', `<h1>Produto do sitemap</h1>${'<p>sitemap</p>'.repeat(8)}`),
  '/oferta/black-2099': html('Black', `<h1>Black do sitemap</h1>${'<p>black</p>'.repeat(30)}`),
  '/produto/up1': html('Upsell do produto', `<h1>Upsell do produto</h1>${'<p>combo</p>'.repeat(17)}`),
};

/** Real redirects and forbidden pages of the real site. */
export const REAL_REDIRECTS: Record<string, [number, string]> = {
  '/checkout': [302, '/pagamento?ref=site'],
  '/membros': [301, 'https://membros.exemplo.com.br/login'],
};
export const REAL_FORBIDDEN = ['/wp-admin', '/painel'];

export const ROBOTS_TXT = [
  'User-agent: *',
  'Disallow: /area-secreta-xyz/',
  'Allow: /pagina-escondida-abc',
  'Disallow: /*?preview=',
  'Sitemap: /sitemap.xml',
].join('\n');

export function sitemapXml(origin: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${origin}/produto-oculto-123</loc></url>
  <url><loc>${origin}/oferta/black-2099</loc></url>
  <url><loc>https://outro-site.exemplo.com/externo-999</loc></url>
</urlset>`;
}

/** A site with real pages, redirects, 403s, robots.txt, a sitemap, and an honest 404 for everything else. */
export function realSiteHandler(origin: () => string) {
  return (_req: IncomingMessage, res: ServerResponse, path: string) => {
    const clean = path.split('?')[0] ?? path;
    if (clean === '/') return send(res, 200, html('Início', '<h1>Loja</h1>'));
    if (clean === '/robots.txt') return send(res, 200, ROBOTS_TXT, { 'content-type': 'text/plain' });
    if (clean === '/sitemap.xml')
      return send(res, 200, sitemapXml(origin()), { 'content-type': 'application/xml' });
    const page = REAL_PAGES[clean];
    if (page) return send(res, 200, page);
    const redirect = REAL_REDIRECTS[clean];
    if (redirect) return send(res, redirect[0], '', { location: redirect[1] });
    if (REAL_FORBIDDEN.includes(clean)) return send(res, 403, html('403', '<h1>Proibido</h1>'));
    return send(res, 404, NOT_FOUND_PAGE);
  };
}

/** Answers 200 to everything, echoing the path (and a changing number), except one real page. */
export function echoEverythingHandler(_req: IncomingMessage, res: ServerResponse, path: string) {
  if (path === '/obrigado') return send(res, 200, REAL_PAGES['/obrigado'] as string);
  const body = html(
    `Loja - ${path}`,
    `<h1>Bem-vindo</h1><p>Você acessou <a href="${path}">${path}</a> em ${Date.now()}.</p>` +
      `<p>Confira nossas ofertas.</p><script>var page=${JSON.stringify(path)};</script>`,
  );
  return send(res, 200, body);
}

/** Redirects everything to /login?next=<path>, except the login page and one real page. */
export function redirectEverythingHandler(_req: IncomingMessage, res: ServerResponse, path: string) {
  const clean = path.split('?')[0] ?? path;
  if (clean === '/login') return send(res, 200, html('Entrar', '<form><input name="email"></form>'));
  if (clean === '/obrigado') return send(res, 200, REAL_PAGES['/obrigado'] as string);
  return send(res, 302, '', { location: `/login?next=${encodeURIComponent(path)}` });
}

/** Gives the member exactly `cents` with its ledger row, so the ledger always sums to the balance. */
export async function setBalance(db: Db, userId: string, cents: number) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ balanceCents: cents }).where(eq(users.id, userId));
    const [sum] = await tx
      .select({ total: sql<number>`coalesce(sum(${balanceLedger.amountCents}), 0)::int` })
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, userId));
    const delta = cents - (sum?.total ?? 0);
    if (delta !== 0) {
      await tx.insert(balanceLedger).values({
        userId,
        amountCents: delta,
        balanceAfterCents: cents,
        reason: 'adjustment',
        reference: 'teste',
      });
    }
  });
}

export async function balanceAndLedger(db: Db, userId: string) {
  const [user] = await db.select({ cents: users.balanceCents }).from(users).where(eq(users.id, userId));
  const [sum] = await db
    .select({ total: sql<number>`coalesce(sum(${balanceLedger.amountCents}), 0)::int` })
    .from(balanceLedger)
    .where(eq(balanceLedger.userId, userId));
  const debits = await db
    .select()
    .from(balanceLedger)
    .where(sql`${balanceLedger.userId} = ${userId} and ${balanceLedger.reason} = 'slug_check'`);
  return { balance: user?.cents ?? 0, ledgerSum: sum?.total ?? 0, slugCheckRows: debits.length };
}

/** A signed-in member with this balance (in cents): the user row and the session cookie. */
export async function memberWithBalance(db: Db, cents = 1000) {
  const user = await createMember(db);
  await setBalance(db, user.id, cents);
  return { user, cookie: await signIn(db, user.id) };
}

/** The one real page of the template-words site. */
export const TEMPLATE_SITE_REAL_PAGE = '/oferta-relampago';

/**
 * A WordPress-like site answering 200 to everything with a "page not found" template that echoes the path and
 * whose own menu, meta and footer say 'Vendas', 'Checkout seguro' and 'Obrigado' (issue #26), except one real page.
 */
export function templateWordsHandler(_req: IncomingMessage, res: ServerResponse, path: string) {
  const clean = path.split('?')[0] ?? path;
  const menu =
    '<nav><a href="/">Início</a> <a href="/vendas">Vendas</a> <a href="/blog">Blog</a> <a href="/contato">Contato</a></nav>';
  const footer = '<footer>Checkout seguro · Obrigado pela visita · vendas@loja.exemplo.com.br</footer>';
  if (clean === TEMPLATE_SITE_REAL_PAGE) {
    return send(
      res,
      200,
      html(
        'Oferta relâmpago',
        `${menu}<h1>Oferta relâmpago</h1>${'<p>Garanta o curso completo com 70% de desconto hoje.</p>'.repeat(15)}${footer}`,
      ),
    );
  }
  const escaped = clean.replace(/</g, '&lt;');
  const body = html(
    `Página não encontrada: ${escaped} - Loja`,
    `${menu}<h1>Ops! A página ${escaped} não existe</h1><p>Procure outra página ou volte para as Vendas.</p>` +
      `<form action="/?s=${encodeURIComponent(clean)}"><input name="s"></form>${footer}`,
  );
  return send(
    res,
    200,
    body.replace(
      '<meta charset="utf-8">',
      '<meta charset="utf-8"><meta name="description" content="Vendas, checkout e obrigado: tudo da loja">',
    ),
  );
}
