import net from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, signIn } from './factories';
import { createHardenedApp, type HardenedApp } from './hardened-app';
import { TEST_ORIGIN } from './test-app';

const WEBHOOK_SECRET = 'WEBHOOK-SEGREDO-9f3a7c';
const SECRETS = [
  WEBHOOK_SECRET,
  'TOKEN-ERRADO-1b2c',
  'VERIFICA-SEGREDO-77aa',
  'RESET-SEGREDO-42ff',
  'SENHA-SEGREDO-0001',
  'PARAM-SEGREDO-5e5e',
  'QUERY-SEGREDO-8d8d',
  'URL-RUIM-SEGREDO-3c3c',
];

let h: HardenedApp;
let member: string;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  h = await createHardenedApp({
    logStream: stream,
    logLevel: 'trace',
    env: { LASTLINK_WEBHOOK_TOKEN: WEBHOOK_SECRET },
  });
  // A query that fails with bound values (an unknown error: 500), registered like any route.
  h.app.get('/api/test/falha-sql', { config: { access: 'public' } }, async () =>
    h.database.db.execute(sql`select * from tabela_que_nao_existe where valor = ${'PARAM-SEGREDO-5e5e'}`),
  );
  // Bad input that reaches PostgreSQL (a data exception, class 22) is the client's error.
  h.app.get('/api/test/dado-invalido', { config: { access: 'public' } }, async () =>
    h.database.db.execute(sql`select ${'VALOR-SEGREDO-6a6a'}::int`),
  );
  await h.app.ready();
  member = await signIn(h.database.db, (await createMember(h.database.db)).id);
});
afterAll(() => h.close());

const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('request logging', () => {
  it('never writes tokens, passwords, cookies or SQL values, and logs one line per request', async () => {
    const sessionToken = member.split('=')[1]!;
    const requests = [
      { method: 'POST', url: `/api/webhook/lastlink?token=${WEBHOOK_SECRET}`, payload: { event: 'x' } },
      { method: 'POST', url: '/api/webhook/lastlink?token=TOKEN-ERRADO-1b2c', payload: { event: 'x' } },
      { method: 'POST', url: '/api/auth/verify-email?uid=1&token=VERIFICA-SEGREDO-77aa', payload: {} },
      { method: 'GET', url: '/api/auth/verify-email?token=VERIFICA-SEGREDO-77aa' },
      { method: 'GET', url: '/redefinir-senha?token=RESET-SEGREDO-42ff' },
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ninguem@example.com', password: 'SENHA-SEGREDO-0001' },
      },
      { method: 'GET', url: '/api/user/profile?token=QUERY-SEGREDO-8d8d', cookie: member },
      { method: 'GET', url: '/api/test/falha-sql?token=QUERY-SEGREDO-8d8d', cookie: member },
      { method: 'GET', url: '/%ff?token=URL-RUIM-SEGREDO-3c3c' },
    ] as const;
    const statuses: number[] = [];
    for (const r of requests) {
      const res = await h.app.inject({
        method: r.method,
        url: r.url,
        headers: { origin: TEST_ORIGIN, ...('cookie' in r ? { cookie: r.cookie } : {}) },
        ...('payload' in r ? { payload: r.payload } : {}),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 401, 400, 404, 200, 401, 200, 500, 400]);

    const text = lines.join('\n');
    for (const secret of [...SECRETS, sessionToken]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/params:|cookie|incoming request/i);

    const entries = parsed();
    const completed = entries.filter((e) => e.msg === 'requisição concluída');
    expect(completed).toHaveLength(requests.length);
    expect(completed.map((e) => e.path)).toEqual(requests.map((r) => r.url.split('?')[0]));
    for (const entry of completed) {
      expect(entry.level).toBe(30);
      expect(entry.reqId).toEqual(expect.any(String));
      expect(entry.statusCode).toEqual(expect.any(Number));
      expect(entry.method).toEqual(expect.any(String));
    }
    expect(new Set(completed.map((e) => e.reqId)).size).toBe(requests.length);
  });

  it('logs an unknown error once at error level with the failed SQL text but no bound values', () => {
    const errors = parsed().filter((e) => e.level === 50);
    expect(errors).toHaveLength(1);
    const err = errors[0]!.err as Record<string, unknown>;
    expect(errors[0]!.msg).toBe('erro interno');
    expect(String(err.message)).toContain('tabela_que_nao_existe');
    expect(JSON.stringify(err)).not.toContain('PARAM-SEGREDO');
    expect((err.cause as Record<string, unknown>).code).toBe('42P01');
    expect(String(err.stack)).toMatch(/\n\s+at /);
  });

  it('answers a PostgreSQL data exception with 400 and a warn line without the value', async () => {
    const before = lines.length;
    const res = await h.app.inject({ url: '/api/test/dado-invalido' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Dados inválidos.' });
    const written = lines.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(written.filter((e) => e.level === 40)).toEqual([expect.objectContaining({ pgCode: '22P02' })]);
    expect(lines.join('\n')).not.toContain('VALOR-SEGREDO');
  });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const linesOf = (reqId: string) => parsed().filter((e) => e.reqId === reqId);

describe('request ids', () => {
  it('keeps a valid X-Request-Id: on the answer, on every log line of the request with the member, in the 500 body', async () => {
    const reqId = 'C0A80001:8F2C_balanceador-7f3a.2';
    const res = await h.app.inject({
      url: '/api/test/falha-sql',
      headers: { 'x-request-id': reqId, cookie: member },
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe(reqId);
    expect(res.json()).toEqual({ message: 'Erro interno do servidor', code: reqId });
    const own = linesOf(reqId);
    expect(own.map((e) => e.msg)).toEqual(['erro interno', 'requisição concluída']);
    const memberId = (
      await h.database.db.execute<{ id: string }>(sql`select user_id as id from sessions limit 1`)
    ).rows[0]!.id;
    for (const entry of own) expect(entry.userId).toBe(memberId);
  });

  it('replaces a malformed or over-long one with a random id and never logs it', async () => {
    const bad = ['ID RUIM;DROP-SEGREDO', 'x'.repeat(129), 'acentuação-SEGREDO', ''];
    const seen = new Set<string>();
    for (const value of bad) {
      const res = await h.app.inject({ url: '/api/health/live', headers: { 'x-request-id': value } });
      expect(res.statusCode).toBe(200);
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(UUID);
      expect(linesOf(id)).toHaveLength(1);
      seen.add(id);
    }
    expect(seen.size).toBe(bad.length);
    const text = lines.join('\n');
    expect(text).not.toContain('SEGREDO;');
    expect(text).not.toContain('DROP-SEGREDO');
    expect(text).not.toContain('x'.repeat(129));
  });

  it('is on every answer: pages, 404, framework errors, 401, 5xx of readiness and what the HTTP parser refuses', async () => {
    const answers = await Promise.all([
      h.app.inject({ url: '/login' }),
      h.app.inject({ url: '/api/nao-existe' }),
      h.app.inject({ url: '/%ff' }),
      h.app.inject({ url: '/api/notifications' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 400, 401]);
    for (const res of answers) expect(String(res.headers['x-request-id'])).toMatch(UUID);

    h.app.lifecycle.stage = 'draining';
    try {
      const ready = await h.app.inject({ url: '/api/health/ready', headers: { 'x-request-id': 'pronto-1' } });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'pronto-1' });
      expect(ready.headers['x-request-id']).toBe('pronto-1');
    } finally {
      h.app.lifecycle.stage = 'serving';
    }

    // Headers too large for Node's parser: answered on the socket, before any request exists.
    const port = await h.listen();
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (c) => {
        text += c;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.write(`GET /api/health/live HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(/\r\nX-Request-Id: ([^\r]+)\r\n/.exec(raw)?.[1]).toMatch(UUID);
  });
});
