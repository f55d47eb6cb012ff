import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { favorites } from '../db/schema/index';
import { RESTARTING_MESSAGE } from '../lib/jobs';
import { DRAINING_MESSAGE } from '../modules/system/system.routes';
import { createMember, signIn } from '../testing/factories';
import { createOffer } from '../testing/offer-factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import { drainSteps } from './lifecycle';

/**
 * The stages of a shutdown as a balancer sees them: draining runs everything (answers closing their connection),
 * refusing answers 503 before running what a balancer re-sends elsewhere (all but POST and PATCH), closing refuses
 * everything; the health checks answer for themselves throughout.
 */
let t: TestApp;
let cookie: string;
let userId: string;
const offerIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t.db);
  userId = member.id;
  cookie = await signIn(t.db, member.id);
  for (let i = 0; i < 3; i++) offerIds.push((await createOffer(t.db)).id);
});
afterAll(() => t.close());
afterEach(() => {
  t.app.lifecycle.stage = 'serving';
});

const favorite = (offerId: string) =>
  t.request({ method: 'POST', url: '/api/favorites', headers: { cookie }, payload: { offerId } });
const isFavorite = async (offerId: string) =>
  (
    await t.db
      .select()
      .from(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.offerId, offerId)))
  ).length === 1;

describe('the drain in two steps', () => {
  it('serves for all but the last second (at most half), then refuses', () => {
    expect(drainSteps(5)).toEqual({ servingMs: 4_000, refusingMs: 1_000 });
    expect(drainSteps(2)).toEqual({ servingMs: 1_000, refusingMs: 1_000 });
    expect(drainSteps(1)).toEqual({ servingMs: 500, refusingMs: 500 });
    expect(drainSteps(0)).toEqual({ servingMs: 0, refusingMs: 0 });
  });
});

describe('a shutting-down instance', () => {
  it('while refusing: GET and DELETE answered 503 before they run, POST still runs; health checks answer', async () => {
    expect((await favorite(offerIds[0]!)).statusCode).toBe(201);
    t.app.lifecycle.stage = 'refusing';

    const list = await t.request({ method: 'GET', url: '/api/favorites', headers: { cookie } });
    expect(list.statusCode).toBe(503);
    expect(list.json()).toMatchObject({ message: RESTARTING_MESSAGE });
    expect(list.headers['retry-after']).toBeDefined();
    expect(list.headers.connection).toBe('close');
    // Refused before the access check: signed out it is the same 503, not 401.
    expect((await t.request({ method: 'GET', url: '/api/favorites' })).statusCode).toBe(503);

    const removal = await t.request({
      method: 'DELETE',
      url: `/api/favorites/${offerIds[0]}`,
      headers: { cookie },
    });
    expect(removal.statusCode).toBe(503);
    expect(await isFavorite(offerIds[0]!)).toBe(true);

    // nginx never re-sends a POST after a 503: it runs.
    const added = await favorite(offerIds[1]!);
    expect(added.statusCode).toBe(201);
    expect(added.headers.connection).toBe('close');
    expect(await isFavorite(offerIds[1]!)).toBe(true);

    const ready = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ message: DRAINING_MESSAGE });
    expect((await t.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('while draining, everything runs; while closing, nothing does (503 in Portuguese)', async () => {
    t.app.lifecycle.stage = 'draining';
    const list = await t.request({ method: 'GET', url: '/api/favorites', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.headers.connection).toBe('close');

    t.app.lifecycle.stage = 'closing';
    const refused = await favorite(offerIds[2]!);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ message: RESTARTING_MESSAGE });
    expect(await isFavorite(offerIds[2]!)).toBe(false);
    expect((await t.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});
