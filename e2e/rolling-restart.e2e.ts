import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/server/db/embedded';
import { TestBalancer } from './balancer';
import { type LoadMember, likedAsAnswered, seedLoadMembers, startMemberLoad } from './rolling-load';
import { type ServerProcess, startServer, stopServer } from './server-process';

/**
 * Two instances on one PostgreSQL behind a balancer with readiness checks, under steady load of signed-in members (GET
 * and POST on keep-alive connections), restarted one after the other, each as soon as the previous one is back: no
 * request fails and no POST runs twice. On SIGTERM an instance turns its readiness 503, keeps serving for
 * SHUTDOWN_DRAIN_SECONDS while the balancer moves away (refusing what a balancer re-sends in the last second), then
 * stops. The same behind the real nginx and HAProxy: rolling-balancers.e2e.ts.
 */
let dir: string;
let database: EmbeddedDatabase;
// Checks every 250 ms and never retries (a cloud balancer): a request only survives a restart if the instance drains.
const balancer = new TestBalancer({ checkMs: 250, retry: false });
const servers: ServerProcess[] = [];
let members: LoadMember[];

async function instance(name: string): Promise<ServerProcess> {
  const server = await startServer({
    dataDir: path.join(dir, name),
    env: {
      DATABASE_URL: database.url,
      SHUTDOWN_DRAIN_SECONDS: '2',
      ADMIN_PASSWORD: 'senha-admin-rolagem',
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
    },
  });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ce-rolling-'));
  database = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
  const [a, b] = await Promise.all([instance('a'), instance('b')]);
  members = await seedLoadMembers(database.url, 8);
  await balancer.start([a!.baseUrl, b!.baseUrl]);
}, 180_000);

afterAll(async () => {
  await balancer.close();
  for (const server of servers) await stopServer(server, 20_000);
  await database?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a rolling restart behind a balancer', () => {
  it('fails no request and runs no POST twice', async () => {
    const load = startMemberLoad(balancer.url, members);

    for (const old of [...servers]) {
      const exited = stopServer(old, 30_000);
      const fresh = await instance(`novo-${servers.length}`);
      await exited;
      balancer.replace(old.baseUrl, fresh.baseUrl);
      const deadline = Date.now() + 20_000;
      while (!balancer.isHealthy(fresh.baseUrl)) {
        if (Date.now() > deadline) throw new Error('a instância nova não ficou pronta');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
    const { failures, served, posts, liked } = await load.stop();
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(200);
    expect(posts).toBeGreaterThan(40);
    expect(await likedAsAnswered(servers.at(-1)!.baseUrl, members, liked)).toEqual([]);
    // Each stopped instance drained: unready first, serving on while the balancer moved away, then refusing.
    for (const old of servers.slice(0, 2)) {
      expect(old.output()).toContain('prontidão em 503');
      expect(old.output()).toContain('recusando com 503');
    }
  }, 150_000);
});
