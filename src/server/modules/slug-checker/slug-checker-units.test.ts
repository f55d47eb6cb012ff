import { describe, expect, it } from 'vitest';
import { DOMAIN_INVALID, DOMAIN_REQUIRED, parseSlugCheckDomain } from '../../../shared/schemas/slug-checker';
import { parseRobots, parseSitemap } from './discovery';
import { buildCalibration, fingerprint, isSoftNotFound, mayBeSoftNotFound } from './soft-404';
import { baseSlugCombinations, loadWordlist } from './wordlist';

describe('domain rules (required, a dot before the path, the path as baseSlug)', () => {
  it('strips the scheme and the trailing slash, keeps a typed scheme and port, turns a path into baseSlug', () => {
    expect(parseSlugCheckDomain('https://Loja.Exemplo.com.br/')).toEqual({
      target: { scheme: 'https', host: 'loja.exemplo.com.br' },
    });
    expect(parseSlugCheckDomain('loja.com.br:8080/produto/vsl/')).toEqual({
      target: { host: 'loja.com.br:8080', baseSlug: 'produto/vsl' },
    });
    expect(parseSlugCheckDomain('http://loja.com.br/a', 'b')).toEqual({
      target: { scheme: 'http', host: 'loja.com.br', baseSlug: 'b' },
    });
    expect(parseSlugCheckDomain('')).toEqual({ error: DOMAIN_REQUIRED });
    for (const bad of ['loja', 'http://', 'javascript://x.com', 'a b.com', 'user:pw@x.com', 'x..com']) {
      expect(parseSlugCheckDomain(bad), bad).toEqual({ error: DOMAIN_INVALID });
    }
  });
});

describe('wordlist', () => {
  it('holds about 1.360 unique funnel slugs without leading slashes', () => {
    const words = loadWordlist();
    expect(words.length).toBeGreaterThanOrEqual(1300);
    expect(words.length).toBeLessThanOrEqual(1450);
    expect(words.every((w) => !w.startsWith('/') && !/\s/.test(w))).toBe(true);
    for (const w of [
      'obrigado',
      'gracias',
      'thank-you',
      'up1',
      'upsell2',
      'ds1',
      'oto',
      'vsl2',
      'pv2',
      'lp2',
      'quiz',
    ]) {
      expect(words).toContain(w);
    }
    expect(words).toEqual(
      expect.arrayContaining(['wp-admin', 'wp-login.php', 'painel', 'checkout', 'membros', 'bonus']),
    );
    expect(baseSlugCombinations('produto')).toEqual(
      expect.arrayContaining(['produto', 'produto/obrigado', 'produto-up1']),
    );
  });
});

describe('robots.txt and sitemap parsing', () => {
  it('lists Allow and Disallow paths (cut at wildcards) and the sitemaps', () => {
    const parsed = parseRobots(
      'User-agent: *\nDisallow: /privado/ # comentário\nAllow: /oferta-secreta\nDisallow: /*?s=\nDisallow: /wp-admin/*.php$\nDisallow:\nSitemap: https://x.com/s.xml',
    );
    expect(parsed).toEqual({
      paths: ['privado/', 'oferta-secreta', 'wp-admin/'],
      sitemaps: ['https://x.com/s.xml'],
    });
  });

  it('reads <loc> entries with XML entities and recognises a sitemap index', () => {
    expect(parseSitemap('<urlset><url><loc> https://x.com/a?b=1&amp;c=2 </loc></url></urlset>')).toEqual({
      locs: ['https://x.com/a?b=1&c=2'],
      isIndex: false,
    });
    expect(
      parseSitemap('<sitemapindex><sitemap><loc>https://x.com/s1.xml</loc></sitemap></sitemapindex>').isIndex,
    ).toBe(true);
  });
});

describe('soft-404 fingerprints', () => {
  const origin = new URL('https://loja.com.br');
  // As the scan client gives it: the Location already resolved against the requested URL.
  const answer = (status: number, body: string, location?: string) => ({
    status,
    body: Buffer.from(body),
    location: location === undefined ? undefined : new URL(location, origin).href,
  });

  it('matches a page that only differs by the echoed path, not a different page', () => {
    const page = (p: string) =>
      `<h1>Ops</h1><p>A página ${p} não existe. Volte para <a href="/">início</a>.</p>`;
    const calibration = buildCalibration([
      fingerprint(origin, 'x7k2m9q4w1ab', answer(200, page('/x7k2m9q4w1ab'))),
    ]);
    expect(
      isSoftNotFound(
        calibration,
        fingerprint(origin, 'obrigado-pela-compra', answer(200, page('/obrigado-pela-compra'))),
      ),
    ).toBe(true);
    const real = `<h1>Obrigado!</h1>${'<p>Seu acesso chegará por e-mail em instantes.</p>'.repeat(5)}`;
    expect(isSoftNotFound(calibration, fingerprint(origin, 'obrigado', answer(200, real)))).toBe(false);
    // A plain 404 is never "soft".
    expect(isSoftNotFound(calibration, fingerprint(origin, 'x', answer(404, page('/x'))))).toBe(false);
  });

  it('matches the same redirect target with the path substituted, and only that', () => {
    const calibration = buildCalibration([
      fingerprint(origin, 'qq8w7e6r5t', answer(302, '', '/login?next=%2Fqq8w7e6r5t')),
    ]);
    const soft = fingerprint(origin, 'log', answer(302, '', '/login?next=%2Flog'));
    expect(soft.redirectPattern).toBe('https://loja.com.br/login?next={P}');
    expect(isSoftNotFound(calibration, soft)).toBe(true);
    expect(isSoftNotFound(calibration, fingerprint(origin, 'membros', answer(302, '', '/login')))).toBe(
      false,
    );
    expect(
      isSoftNotFound(calibration, fingerprint(origin, 'up1', answer(301, '', '/login?next=%2Fup1'))),
    ).toBe(false);
  });

  it('only fingerprints answers that can be soft-404s: a status a probe got, never 404 or a failure', () => {
    const calibration = buildCalibration([
      fingerprint(origin, 'x7k2m9q4w1ab', answer(200, '<h1>Ops</h1>')),
      fingerprint(origin, 'qq8w7e6r5t', answer(302, '', '/login')),
      fingerprint(origin, 'zz1', answer(404, 'não')),
    ]);
    expect([200, 302, 301, 403, 404, 0].map((status) => mayBeSoftNotFound(calibration, status))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("soft-404 on a template that holds the path's words", () => {
  const origin = new URL('https://loja.com.br');
  // A WordPress-like "not found" page answered with 200: it echoes the path, and its own menu and footer say
  // 'Vendas', 'Checkout seguro' and 'Obrigado'.
  const notFound = (path: string) =>
    `<!doctype html><html><head><title>Página não encontrada: ${path} - Loja</title>` +
    '<meta name="description" content="Vendas, checkout e obrigado: tudo da loja"></head><body>' +
    '<nav><a href="/">Início</a> <a href="/vendas">Vendas</a> <a href="/blog">Blog</a></nav>' +
    `<h1>Ops! ${path} não existe</h1><p>Procure outra página ou volte para as Vendas.</p>` +
    '<footer>Checkout seguro · Obrigado pela visita · vendas@loja.com.br</footer></body></html>';
  const answer = (body: string) => ({ status: 200, body: Buffer.from(body) });
  const probes = ['x7k2m9q4w1ab', 'abcdefg-hijklmnop', 'qwertyui/asdfghjklz'];
  const calibration = buildCalibration(probes.map((p) => fingerprint(origin, p, answer(notFound(`/${p}`)))));

  it("gives no false page for /vendas, /checkout, /obrigado (the template's own words)", () => {
    for (const slug of ['vendas', 'checkout', 'obrigado', 'VENDAS', 'blog', 'loja/vendas']) {
      expect(isSoftNotFound(calibration, fingerprint(origin, slug, answer(notFound(`/${slug}`)))), slug).toBe(
        true,
      );
    }
  });

  it("still tells a real page on that site, even one named after the template's words", () => {
    const real = (title: string) =>
      `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/vendas">Vendas</a></nav>` +
      `<h1>${title}</h1>${'<p>Assista ao vídeo até o fim e garanta sua vaga com desconto.</p>'.repeat(12)}</body></html>`;
    for (const slug of ['vendas', 'checkout', 'oferta-especial']) {
      expect(isSoftNotFound(calibration, fingerprint(origin, slug, answer(real(slug)))), slug).toBe(false);
    }
  });
});
