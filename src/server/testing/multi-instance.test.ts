import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase, type Database } from '../db/client';
import { AUTH_RATE_LIMITS } from '../modules/auth/auth.limits';
import { createMember, TEST_PASSWORD } from './factories';
import { createTestDatabase, TEST_ORIGIN } from './test-app';

const redisUrl = process.env.TEST_REDIS_URL || undefined;

/**
 * ARCHITECTURE "Scaling out": N stateless instances on one database. Two apps built on the same database
 * share sessions; with REDIS_URL (TEST_REDIS_URL, when the machine has Redis) they share rate limits.
 */
describe('two instances on one database', () => {
  let drop: () => Promise<void>;
  let dataDir: string;
  const instances: Array<{ app: FastifyInstance; database: Database }> = [];

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ce-multi-'));
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({
        APP_URL: TEST_ORIGIN,
        DATA_DIR: dataDir,
        DATABASE_URL: created.url,
        LOG_LEVEL: 'silent',
        REDIS_URL: redisUrl ?? '',
      });
      const database = createDatabase(created.url, { max: 4 });
      const app = await buildApp({
        config,
        database,
        mailer: { destination: 'nenhum', send: async () => {} },
      });
      await app.ready();
      instances.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (i: number, url: string, payload: unknown, cookie?: string) =>
    instances[i]!.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  it('a session opened on one instance works on the other, and logout on either ends it everywhere', async () => {
    const member = await createMember(instances[0]!.database.db);
    const login = await post(0, '/api/auth/login', { email: member.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    const setCookie = String(login.headers['set-cookie']);
    const cookie = setCookie.split(';')[0]!;
    const onB = await instances[1]!.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(onB.statusCode).toBe(200);
    expect(onB.json().email).toBe(member.email);
    expect((await post(1, '/api/auth/logout', {}, cookie)).statusCode).toBe(200);
    const onA = await instances[0]!.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(onA.statusCode).toBe(401);
  });

  it.skipIf(!redisUrl)('login attempts are counted across instances through Redis', async () => {
    const email = `limite-${Date.now()}@example.com`;
    const { max } = AUTH_RATE_LIMITS.login;
    for (let i = 0; i < max; i++) {
      const res = await post(i % 2, '/api/auth/login', { email, password: 'errada123' });
      expect(res.statusCode).toBe(401);
    }
    const blockedA = await post(0, '/api/auth/login', { email, password: 'errada123' });
    const blockedB = await post(1, '/api/auth/login', { email, password: 'errada123' });
    expect(blockedA.statusCode).toBe(429);
    expect(blockedB.statusCode).toBe(429);
    expect(blockedB.json().message).toBe('Muitas tentativas. Aguarde um pouco e tente novamente.');
  });
});
