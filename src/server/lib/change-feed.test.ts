import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, directConnectionConfig } from '../db/client';
import { setNamedStatements } from '../db/prepared';
import { createTestDatabase } from '../testing/test-app';
import { CHANGE_CHANNEL, type Change, ChangeFeed, parseChange, parseCounted } from './change-feed';

let url: string;
let drop: () => Promise<void>;
let writer: pg.Pool;
let feed: ChangeFeed;
const seen: Change[] = [];

beforeAll(async () => {
  ({ url, drop } = await createTestDatabase());
  writer = new pg.Pool({ connectionString: url, max: 4 });
  feed = new ChangeFeed({ connectionString: url });
  feed.subscribe({ onChange: (c) => seen.push(c), onReset: () => {} });
  feed.start();
  await feed.whenLive();
});
afterAll(async () => {
  await feed.close();
  await writer.end();
  await drop();
});

describe('ChangeFeed.sync', () => {
  it("is a read-your-writes barrier for every concurrent caller, sharing round trips (at most two 'select 1' in flight)", async () => {
    const original = pg.Client.prototype.query;
    let roundTrips = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    // Counts the feed's barrier queries (the writer's notifies are not 'select 1').
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (args[0] !== 'select 1') return (original as (...a: unknown[]) => unknown).apply(this, args);
      roundTrips++;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // Each round trip is held 25 ms, as under load, so that writes land while one is in flight: without
      // sharing there would be one round trip per caller (60); with it, a handful.
      const result = (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      return result
        .then(async (r) => {
          await new Promise((resolve) => setTimeout(resolve, 25));
          return r;
        })
        .finally(() => inFlight--);
    } as typeof original;
    try {
      const writes = Array.from({ length: 60 }, async (_, i) => {
        await writer.query(`select pg_notify($1, $2)`, [CHANGE_CHANNEL, `likes:o${i}`]);
        await feed.sync();
        // After its own sync, each writer's notification has been delivered here.
        expect(seen.some((c) => c.topic === 'likes' && c.ids[0] === `o${i}`)).toBe(true);
      });
      await Promise.all(writes);
    } finally {
      pg.Client.prototype.query = original;
    }
    expect(maxInFlight).toBe(1);
    expect(roundTrips).toBeGreaterThan(0);
    expect(roundTrips).toBeLessThan(30);
    expect(feed.live).toBe(true);
  });
});

describe('heartbeat', () => {
  it('drops a LISTEN connection that stalled without closing (caches off), and is live again within seconds after a stall longer than the backoff', async () => {
    const target = new URL(url);
    let stalled = false;
    const links: Array<[net.Socket, net.Socket]> = [];
    // A proxy that can stop forwarding while keeping both sides open: a NAT or balancer that lost the flow.
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      links.push([client, upstream]);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        from.on('data', (chunk) => {
          if (!stalled) to.write(chunk);
        });
        from.on('error', () => {});
        from.on('close', () => to.destroy());
      }
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as net.AddressInfo).port;
    const resets: number[] = [];
    // The feed's settings as the app builds them with DATABASE_DIRECT_URL (the connection string alone).
    const direct = `postgres://${target.username}:${target.password}@127.0.0.1:${port}${target.pathname}`;
    const database = createDatabase(url, { max: 1, directUrl: direct });
    setNamedStatements(true);
    const stalling = new ChangeFeed(directConnectionConfig(database.db), undefined, {
      heartbeatMs: 150,
      timeoutMs: 300,
    });
    stalling.subscribe({ onChange: () => {}, onReset: () => resets.push(Date.now()) });
    stalling.start();
    await stalling.whenLive();
    const until = async (check: () => boolean, ms: number) => {
      const deadline = Date.now() + ms;
      while (!check()) {
        if (Date.now() > deadline) throw new Error('não aconteceu a tempo');
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    try {
      await new Promise((r) => setTimeout(r, 400));
      expect(stalling.live).toBe(true);
      const before = resets.length;
      stalled = true;
      const stalledAt = Date.now();
      await until(() => !stalling.live, 2_000);
      expect(Date.now() - stalledAt).toBeLessThan(1_500);
      expect(resets.length).toBeGreaterThan(before);
      // The stall outlasts the first backoffs: reconnections start (and stall) while it lasts.
      await new Promise((r) => setTimeout(r, 2_000));
      expect(stalling.live).toBe(false);
      stalled = false;
      const resumedAt = Date.now();
      await until(() => stalling.live, 5_000);
      expect(Date.now() - resumedAt).toBeLessThan(5_000);
      expect(stalling.state.lastHeardAt).not.toBeNull();
    } finally {
      await stalling.close();
      await database.close();
      for (const [a, b] of links) {
        a.destroy();
        b.destroy();
      }
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });
});

describe('payloads', () => {
  it('parses topics, ids and counted ids', () => {
    expect(parseChange('offers')).toEqual({ topic: 'offers', ids: [] });
    expect(parseChange('likes:a=3,b=0')).toEqual({ topic: 'likes', ids: ['a=3', 'b=0'] });
    expect(parseCounted('a=3')).toEqual({ id: 'a', count: 3 });
    expect(parseCounted('bench-12=0')).toEqual({ id: 'bench-12', count: 0 });
    expect(parseCounted('a')).toEqual({ id: 'a' });
    expect(parseCounted('a=x')).toEqual({ id: 'a=x' });
  });
});
