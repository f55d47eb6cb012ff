import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';
import { type EmbeddedDatabase, findFreePort, startEmbeddedPostgres } from '../src/server/db/embedded';
import { drainSteps, KEEP_ALIVE_TIMEOUT_MS } from '../src/server/plugins/lifecycle';
import {
  balancerInstalled,
  documentedBalancerBlock,
  type RealBalancer,
  type RealBalancerKind,
  startRealBalancer,
} from './real-balancers';
import { type LoadMember, likedAsAnswered, seedLoadMembers, startMemberLoad } from './rolling-load';
import { type ServerProcess, startServer, stopServer } from './server-process';

/**
 * The rolling restart of docs/operations.md behind the real nginx and HAProxy, each configured with the very block
 * the owner copies from there (e2e/real-balancers.ts), where the machine has them: two instances with the default
 * drain, members reading and liking over keep-alive connections, each instance stopped with SIGTERM, replaced at the
 * same address once it has exited, the next once the new one's readiness says 200. No request fails, no POST runs
 * twice. Without the binaries (a laptop, CI) only the check of the blocks' numbers runs.
 */
const DEFAULT_DRAIN_SECONDS = loadConfig({
  DATABASE_URL: 'postgres://clube@localhost/clube',
}).SHUTDOWN_DRAIN_SECONDS;
const seconds = (text: string, pattern: RegExp) => {
  const found = pattern.exec(text);
  if (!found) throw new Error(`${pattern} não está no bloco`);
  return Number(found[1]);
};

describe('the documented balancer blocks', () => {
  it("nginx: closes idle connections before the drain ends and before the app's keep-alive; never re-sends POST", () => {
    const block = documentedBalancerBlock('nginx');
    const idle = seconds(block, /^\s*keepalive_timeout (\d+)s;/m);
    expect(idle).toBeLessThan(DEFAULT_DRAIN_SECONDS);
    expect(idle * 1000).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
    // Taken out at the first refusal, it stays out until the instance has closed its port.
    expect(seconds(block, /fail_timeout=(\d+)s/) * 1000).toBeGreaterThanOrEqual(
      drainSteps(DEFAULT_DRAIN_SECONDS).refusingMs,
    );
    expect(block).toMatch(/^\s*zone clube /m);
    expect(block).toMatch(/^\s*proxy_next_upstream error timeout http_502 http_503;/m);
    // A comment may say why it is not there; no directive may name it.
    expect(
      block.split('\n').filter((l) => !l.trim().startsWith('#') && l.includes('non_idempotent')),
    ).toEqual([]);
  });

  it('HAProxy: takes the instance out while it still runs everything; re-sends 503s but never a sent POST', () => {
    const block = documentedBalancerBlock('haproxy');
    const checkEvery = seconds(block, /inter (\d+)s/);
    const failures = seconds(block, /fall (\d+)/);
    expect(checkEvery * failures * 1000).toBeLessThan(drainSteps(DEFAULT_DRAIN_SECONDS).servingMs);
    expect(block).toMatch(/^\s*retry-on conn-failure empty-response 503$/m);
    expect(block).toMatch(/^\s*option redispatch 1$/m);
    expect(block).toMatch(/^\s*http-request disable-l7-retry if METH_POST \|\| \{ method PATCH \}$/m);
  });
});

let dir: string;
let database: EmbeddedDatabase;
const servers: ServerProcess[] = [];
const installed = {
  nginx: balancerInstalled('nginx') !== null,
  haproxy: balancerInstalled('haproxy') !== null,
};

async function instance(name: string, port: number): Promise<ServerProcess> {
  const server = await startServer({
    dataDir: path.join(dir, name),
    port,
    // The default drain of an instance on DATABASE_URL: what the blocks are written for.
    env: {
      DATABASE_URL: database.url,
      ADMIN_PASSWORD: 'senha-admin-rolagem',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
  });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  if (!installed.nginx && !installed.haproxy) return;
  dir = await mkdtemp(path.join(os.tmpdir(), 'ce-rolling-balancers-'));
  database = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
}, 60_000);

afterAll(async () => {
  for (const server of servers) await stopServer(server, 20_000);
  await database?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function rollingRestart(kind: RealBalancerKind) {
  const ports = [await findFreePort(), await findFreePort()];
  const live = await Promise.all(ports.map((port, i) => instance(`${kind}-${i}`, port)));
  let balancer: RealBalancer | undefined;
  try {
    // Members of this run (their likes start from none), made once the instances have migrated the database.
    const members: LoadMember[] = await seedLoadMembers(database.url, 8);
    balancer = await startRealBalancer(kind, dir, await findFreePort(), ports);
    const load = startMemberLoad(balancer.url, members);
    // A few seconds of steady traffic first: the balancer's keep-alive connections to both instances are open.
    await new Promise((r) => setTimeout(r, 3_000));
    for (const [i, old] of live.entries()) {
      // The documented procedure: SIGTERM, wait for the exit, the new one at the same address, its readiness 200.
      await stopServer(old, 30_000);
      const fresh = await instance(`${kind}-${i}-nova`, ports[i]!);
      live[i] = fresh;
      const deadline = Date.now() + 30_000;
      while ((await fetch(`${fresh.baseUrl}/api/health/ready`).catch(() => null))?.status !== 200) {
        if (Date.now() > deadline) throw new Error('a instância nova não ficou pronta');
        await new Promise((r) => setTimeout(r, 100));
      }
      // ... and the balancer sends it requests again: with two instances, stopping the other one sooner could leave
      // the balancer with none for a moment.
      await balancer.waitUntilServing(i);
    }
    await new Promise((r) => setTimeout(r, 2_000));
    const { failures, served, posts, liked } = await load.stop();
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(200);
    expect(posts).toBeGreaterThan(40);
    expect(await likedAsAnswered(live[0]!.baseUrl, members, liked)).toEqual([]);
    // Not even a GET was cut after it was sent (nginx would have sent it elsewhere, unseen by the members).
    expect(balancer.cutRequests()).toEqual([]);
  } finally {
    await balancer?.close();
    for (const server of live) await stopServer(server, 20_000);
  }
}

describe.skipIf(!installed.nginx)('a rolling restart behind nginx, with the documented block', () => {
  it('fails no request and runs no POST twice', () => rollingRestart('nginx'), 120_000);
});

describe.skipIf(!installed.haproxy)('a rolling restart behind HAProxy, with the documented block', () => {
  it('fails no request and runs no POST twice', () => rollingRestart('haproxy'), 120_000);
});
