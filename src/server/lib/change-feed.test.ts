import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
