import net from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_BODY_LIMIT } from '../modules/auth/auth.limits';
import type { RouteAccess } from '../plugins/access';
import { MAX_JSON_DEPTH } from '../plugins/request-guard';
import { createAdmin, createMember, signIn } from './factories';
import { createHardenedApp, type HardenedApp } from './hardened-app';
import { multipart, TINY_PNG } from './multipart';
import { TEST_ORIGIN } from './test-app';

let h: HardenedApp;
let member: string;
let admin: string;
let port: number;

beforeAll(async () => {
  h = await createHardenedApp();
  member = await signIn(h.database.db, (await createMember(h.database.db)).id);
  admin = await signIn(h.database.db, (await createAdmin(h.database.db)).id);
  port = await h.listen();
});
afterAll(() => h.close());

// The Lastlink token, and a PIX webhook signature header (unsigned calls are refused before the body is read; a
// present one lets the body reach the guarded parser, which refuses it before the signature is checked).
const WEBHOOK_TOKEN = {
  'x-lastlink-token': 'test-webhook-token',
  'x-openpix-signature': 'assinatura-qualquer',
};
const JSON_TYPE = { 'content-type': 'application/json' };
const NUL_BODY = '{"offerId":"a\\u0000b"}';
const LONE_SURROGATE_BODY = '{"offerId":"\\ud800"}';

function call(options: InjectOptions & { as?: string }): Promise<LightMyRequestResponse> {
  const { as, ...rest } = options;
  return h.app.inject({
    ...rest,
    headers: { origin: TEST_ORIGIN, ...(as ? { cookie: as } : {}), ...(rest.headers ?? {}) },
  });
}

// Words of Fastify's and Node's English answers; none is a Portuguese word.
const ENGLISH =
  /\b(the|is|not|bad|invalid|error|request|too|large|found|exceeded|body|route|must|unsupported)\b/i;
const PORTUGUESE = /[áàâãéêíóôõúç]|\b(de|da|do|não|tente|muito|envie|arquivo|como)\b/i;

/** A 4xx JSON answer whose only field is a Portuguese `message` (no Fastify `code`/`error`/`statusCode`). */
function expectPortugueseError(status: number, contentType: unknown, bodyText: string, label = '') {
  expect(status, `${label} ${bodyText}`).toBeGreaterThanOrEqual(400);
  expect(status, `${label} ${bodyText}`).toBeLessThan(500);
  expect(String(contentType), label).toMatch(/^application\/json/);
  const body = JSON.parse(bodyText) as Record<string, unknown>;
  expect(Object.keys(body), label).toEqual(['message']);
  expect(body.message, label).toMatch(PORTUGUESE);
  expect(body.message, label).not.toMatch(ENGLISH);
  return body.message as string;
}

function expectRefused(res: LightMyRequestResponse, status: number, message?: RegExp, label = '') {
  expect(res.statusCode, `${label} ${res.body}`).toBe(status);
  const text = expectPortugueseError(res.statusCode, res.headers['content-type'], res.body, label);
  if (message) expect(text, label).toMatch(message);
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are on a loopback socket (what inject cannot send) and parses the one answer. */
function rawRequest(text: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('sem resposta em 5 s')), 5000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (err) => {
      clearTimeout(timer);
      if (chunks.length === 0) reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const answer = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = answer.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

describe('NUL bytes and invalid Unicode, on every registered route', () => {
  const routes = () =>
    h.app.routeAccessTable.filter((r) => r.method !== 'HEAD' && r.url !== '/assets/*') as RouteAccess[];
  const fill = (url: string, value: string) => url.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*$/, value);
  const sessionFor = (route: RouteAccess) => (route.access === 'admin' ? admin : member);

  it('walks a table that holds every route family', () => {
    const urls = routes().map((r) => r.url);
    for (const known of [
      '/api/auth/login',
      '/api/offers/:id',
      '/api/favorites',
      '/api/offers/:id/like',
      '/api/offers/:id/report-status',
      '/api/user-offers',
      '/api/user/avatar',
      '/api/admin/users',
      '/api/notifications',
      '/api/webhook/lastlink',
      '/api/uploads/creative',
      '/uploads/:folder/:name',
    ]) {
      expect(urls).toContain(known);
    }
  });

  it('refuses a NUL byte or invalid UTF-8 in the query string of any route with 400', async () => {
    for (const route of routes()) {
      for (const query of ['search=a%00b', 'a%00=1', 'search=%ff', 'search=%ED%A0%80']) {
        const label = `${route.method} ${route.url}?${query}`;
        const res = await call({
          method: route.method as 'GET',
          url: `${fill(route.url, 'x')}?${query}`,
          as: sessionFor(route),
          headers: WEBHOOK_TOKEN,
        });
        expectRefused(res, 400, undefined, label);
      }
    }
  });

  it('refuses a NUL byte or invalid UTF-8 in any path parameter with 400', async () => {
    const withParams = routes().filter((r) => r.url.includes(':'));
    expect(withParams.length).toBeGreaterThan(10);
    for (const route of withParams) {
      for (const value of ['a%00b', '%00', '%ff', '%ED%A0%80']) {
        const res = await call({
          method: route.method as 'GET',
          url: fill(route.url, value),
          as: sessionFor(route),
        });
        expectRefused(res, 400, undefined, `${route.method} ${fill(route.url, value)}`);
      }
    }
  });

  it('refuses a NUL byte or a lone surrogate anywhere in a JSON body (values and keys) with 400', async () => {
    const withBody = routes().filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(withBody.length).toBeGreaterThan(10);
    const bodies = [NUL_BODY, LONE_SURROGATE_BODY, '{"a":{"b":["ok","x\\u0000"]}}', '{"\\udc00":1}'];
    for (const route of withBody) {
      if (route.url.includes('avatar') || route.url.startsWith('/api/uploads/')) continue; // multipart only
      for (const payload of bodies) {
        const res = await call({
          method: route.method as 'POST',
          url: fill(route.url, '00000000-0000-4000-8000-000000000000'),
          as: sessionFor(route),
          headers: { ...JSON_TYPE, ...WEBHOOK_TOKEN },
          payload,
        });
        expectRefused(res, 400, /caracteres inválidos/, `${route.method} ${route.url} ${payload}`);
      }
    }
  });

  it('answers the issue #12 examples with 400 in Portuguese, not 500', async () => {
    expectRefused(await call({ url: '/api/offers?search=a%00b', as: member }), 400, /caracteres inválidos/);
    expectRefused(await call({ url: '/api/offers/%00', as: member }), 400, /caracteres inválidos/);
    expectRefused(
      await call({
        method: 'POST',
        url: '/api/favorites',
        as: member,
        headers: JSON_TYPE,
        payload: NUL_BODY,
      }),
      400,
      /caracteres inválidos/,
    );
    // A legitimate request still works (the guard does not refuse ordinary text).
    const ok = await call({ url: '/api/offers?search=caf%C3%A9%20%F0%9F%9A%80', as: member });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a JSON body that is not valid UTF-8', async () => {
    const payload = Buffer.concat([
      Buffer.from('{"offerId":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    const res = await call({
      method: 'POST',
      url: '/api/favorites',
      as: member,
      headers: JSON_TYPE,
      payload,
    });
    expectRefused(res, 400, /UTF-8/);
  });
});

describe('JSON bodies: size, nesting, prototype poisoning', () => {
  it('refuses the 1 MB body of 500,000 nested arrays on login with 413 before reading it', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/auth/login',
      headers: JSON_TYPE,
      payload: '['.repeat(500_000),
    });
    expectRefused(res, 413);
  });

  it('caps every auth body at AUTH_BODY_LIMIT', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(AUTH_BODY_LIMIT) });
    for (const url of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/forgot-password',
      '/api/auth/verify-email',
      '/api/auth/reset-password',
      '/api/auth/resend-verification',
    ]) {
      expectRefused(
        await call({ method: 'POST', url, headers: JSON_TYPE, payload: big }),
        413,
        undefined,
        url,
      );
    }
  });

  it('keeps the 1 MB limit elsewhere', async () => {
    const payload = JSON.stringify({ offerId: 'x'.repeat(1024 * 1024) });
    const res = await call({
      method: 'POST',
      url: '/api/favorites',
      as: member,
      headers: JSON_TYPE,
      payload,
    });
    expectRefused(res, 413);
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} before parsing, within the size limit`, async () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    const fine = `{"offerId":"x","n":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    const post = (payload: string, url = '/api/favorites') =>
      call({ method: 'POST', url, as: member, headers: { ...JSON_TYPE, ...WEBHOOK_TOKEN }, payload });
    expectRefused(await post(deep), 400, /aninhamento/);
    // ~900 KB of nested arrays on a 1 MB route: refused by the scan, never handed to JSON.parse.
    expectRefused(await post('['.repeat(900_000)), 400, /aninhamento/);
    // Brackets inside strings are text, not nesting.
    expect((await post(`{"offerId":"${'['.repeat(100)}"}`)).statusCode).toBe(404);
    expect((await post(fine)).statusCode).not.toBe(400);
    // The webhook parses its own JSON (it keeps the raw text) through the same guard.
    expectRefused(await post(deep, '/api/webhook/lastlink'), 400, /aninhamento/);
    expectRefused(await post(NUL_BODY, '/api/webhook/lastlink'), 400, /caracteres inválidos/);
    expectRefused(await post('{"a":', '/api/webhook/lastlink'), 400, /JSON/);
  });

  it('refuses __proto__ and constructor.prototype keys', async () => {
    for (const payload of [
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const res = await call({
        method: 'PUT',
        url: '/api/user/profile',
        as: member,
        headers: JSON_TYPE,
        payload,
      });
      expectRefused(res, 400, /JSON/, payload);
    }
  });

  it('answers malformed, empty and mistyped bodies in Portuguese', async () => {
    const post = (payload: string, headers: Record<string, string>) =>
      call({ method: 'POST', url: '/api/favorites', as: member, headers, payload });
    expectRefused(await post('{"offerId":', JSON_TYPE), 400, /JSON/);
    expectRefused(await post('', JSON_TYPE), 400, /vazio/);
    expectRefused(await post('offerId=x', { 'content-type': 'text/plain' }), 415);
    expectRefused(await post('offerId=x', { 'content-type': 'application/x-www-form-urlencoded' }), 415);
  });

  it('answers numbers that are not numbers plainly (no "esperava um número, recebeu um número")', async () => {
    const page = (value: string) => call({ url: `/api/offers?page=${value}`, as: member });
    expectRefused(await page('1e309'), 400, /^Número fora do intervalo permitido/);
    expectRefused(await page('Infinity'), 400, /^Número fora do intervalo permitido/);
    expectRefused(await page('abc'), 400, /^Entrada inválida: esperava um número$/);
    expectRefused(await page('1.5'), 400, /^Entrada inválida: esperava um número inteiro$/);
  });
});

describe('multipart', () => {
  const avatar = (payload: string | Buffer, contentType: string) =>
    call({
      method: 'POST',
      url: '/api/user/avatar',
      as: member,
      headers: { 'content-type': contentType },
      payload,
    });

  it('refuses multipart without a boundary, or with one over 70 characters, with 400', async () => {
    expectRefused(await avatar('xx', 'multipart/form-data'), 400, /boundary/);
    expectRefused(await avatar('xx', `multipart/form-data; boundary=${'b'.repeat(300)}`), 400, /boundary/);
  });

  it('refuses a broken multipart body with 400', async () => {
    const truncated = '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx';
    expectRefused(await avatar(truncated, 'multipart/form-data; boundary=abc'), 400, /multipart/);
    expectRefused(await avatar('garbage without parts', 'multipart/form-data; boundary=abc'), 400);
  });

  it('refuses a non-multipart upload with 415, on every upload route', async () => {
    for (const [url, session] of [
      ['/api/user/avatar', member],
      ['/api/uploads/creative', member],
      ['/api/uploads/banner', admin],
    ] as const) {
      const res = await call({ method: 'POST', url, as: session, headers: JSON_TYPE, payload: '{}' });
      expectRefused(res, 415, undefined, url);
    }
  });

  it('still accepts a real upload', async () => {
    const form = multipart({ filename: 'a.png', contentType: 'image/png', data: TINY_PNG });
    const res = await call({ method: 'POST', url: '/api/user/avatar', as: member, ...form });
    expect(res.statusCode).toBe(201);
  });
});

describe('framework errors answer through the one error handler', () => {
  it('bad URL encoding, over-long path parameter, unknown routes and methods', async () => {
    expectRefused(await call({ url: '/%ff' }), 400, /codificação/);
    expectRefused(await call({ url: '/api/offers/%ff', as: member }), 400, /codificação/);
    expectRefused(await call({ url: `/api/offers/${'a'.repeat(200)}`, as: member }), 414);
    expectRefused(await call({ url: '/api/nao-existe' }), 404);
    expectRefused(await call({ method: 'PROPFIND' as 'GET', url: '/api/offers' }), 404);
    expectRefused(await call({ method: 'DELETE', url: '/api/auth/user' }), 404);
  });

  it('raw GET /%ff on a real socket', async () => {
    const res = await rawRequest('GET /%ff HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expectPortugueseError(res.status, res.headers['content-type'], res.body, 'GET /%ff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('414 for a URL longer than Node accepts, 431 for a huge cookie', async () => {
    const longUrl = await rawRequest(
      `GET /api/offers?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(longUrl.status).toBe(414);
    expectPortugueseError(longUrl.status, longUrl.headers['content-type'], longUrl.body, '414');

    const cookie = `ce_sid=${'a'.repeat(20_000)}`;
    const huge = await rawRequest(`GET /api/auth/user HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n\r\n`);
    expect(huge.status).toBe(431);
    expect(Number(huge.headers['content-length'])).toBe(Buffer.byteLength(huge.body));
    expectPortugueseError(huge.status, huge.headers['content-type'], huge.body, '431');
  });

  it('malformed requests: invalid Content-Length, broken multipart on the wire', async () => {
    const badLength = await rawRequest(
      `POST /api/favorites HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
    );
    expect(badLength.status).toBe(400);
    expectPortugueseError(
      badLength.status,
      badLength.headers['content-type'],
      badLength.body,
      'content-length',
    );

    const body = '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx';
    const broken = await rawRequest(
      'POST /api/user/avatar HTTP/1.1\r\nHost: x\r\nConnection: close\r\n' +
        `Origin: ${TEST_ORIGIN}\r\nCookie: ${member}\r\n` +
        `Content-Type: multipart/form-data; boundary=abc\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    expect(broken.status).toBe(400);
    expectPortugueseError(broken.status, broken.headers['content-type'], broken.body, 'multipart');

    const noBoundary = await rawRequest(
      'POST /api/user/avatar HTTP/1.1\r\nHost: x\r\nConnection: close\r\n' +
        `Origin: ${TEST_ORIGIN}\r\nCookie: ${member}\r\n` +
        'Content-Type: multipart/form-data\r\nContent-Length: 2\r\n\r\nxx',
    );
    expect(noBoundary.status).toBe(400);
    expectPortugueseError(noBoundary.status, noBoundary.headers['content-type'], noBoundary.body, 'boundary');
  });
});

describe('Cache-Control on the API', () => {
  it('is no-store on signed-in, anonymous and error answers', async () => {
    for (const res of [
      await call({ url: '/api/user/profile', as: member }),
      await call({ url: '/api/auth/user', as: member }),
      await call({ url: '/api/admin/stats', as: admin }),
      await call({ url: '/api/auth/user' }),
      await call({ url: '/api/banners/active' }),
      await call({ url: '/api/nao-existe' }),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('static files', () => {
  it('answers 404 for a missing file, never index.html', async () => {
    for (const url of [
      '/assets/anything-missing.js',
      '/assets/deep/missing.css',
      '/favicon-missing.png',
      '/missing.txt',
      '/ofertas/imagem.jpg',
      '/assets/..%2f..%2fpackage.json',
      '/..%2fpackage.json',
      '/wp-login.php',
      '/.env',
    ]) {
      expectRefused(await call({ url }), 404, undefined, url);
    }
    expectRefused(await call({ url: '/uploads/avatars/nao-existe.png' }), 404);
  });

  it('serves existing files with their type and SPA routes with index.html', async () => {
    const asset = await call({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const robots = await call({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('User-agent');

    const icon = await call({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);

    for (const url of [
      '/',
      '/ofertas',
      '/admin/usuarios',
      '/redefinir-senha?token=abc',
      '/detalhes-oferta/meu-site.com',
    ]) {
      const page = await call({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body).toContain('<div id="root">');
    }
  });
});
