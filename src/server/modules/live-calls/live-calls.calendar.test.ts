import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALENDAR_FEED_CANCELLED,
  CALENDAR_FEED_NOT_FOUND,
  type CalendarFeed,
  type LiveCall,
} from '../../../shared/schemas/live-calls';
import { calendarFeeds, liveCalls, users } from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';
import { createAdmin, createMember, signIn, TEST_PASSWORD } from '../../testing/factories';
import { TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { callFileSlug } from './live-calls.calendar';
import { createCall, editCall, liveCallsTestApp, type Method, requestAs } from './live-calls.test-support';

const MEET = 'https://meet.google.com/abc-defg-hij';
const RECORDING = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const TAB_URL = `${TEST_ORIGIN}/dashboard?tab=calls-ao-vivo`;
const HOST = new URL(TEST_ORIGIN).host;

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  ({ t, admin, member } = await liveCallsTestApp('Marina'));
});
afterAll(() => t.close());

const call = (cookie: string | null, method: Method, url: string, payload?: Record<string, unknown>) =>
  requestAs(t, cookie, method, url, payload);
const create = (payload: Record<string, unknown>) =>
  createCall(t, admin, { description: 'Pauta da semana', ...payload });
const edit = (id: string, payload: Record<string, unknown>) =>
  editCall(t, admin, id, { description: 'Pauta da semana', ...payload });

interface ParsedEvent {
  uid: string;
  sequence: number;
  summary: string;
  status: string;
  url: string;
  tzid: string;
  start: Date;
  end: Date;
  stamp: string;
}
/** Parses a calendar with ical.js (its own VTIMEZONE registered) into the events' fields. */
function parse(ics: string): { events: ParsedEvent[]; timezones: string[] } {
  const root = new ICAL.Component(ICAL.parse(ics));
  const timezones = root.getAllSubcomponents('vtimezone').map((tz) => {
    ICAL.TimezoneService.register(tz);
    return String(tz.getFirstPropertyValue('tzid'));
  });
  const events = root.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      status: String(vevent.getFirstPropertyValue('status')),
      url: String(vevent.getFirstPropertyValue('url')),
      tzid: String(vevent.getFirstProperty('dtstart')?.getParameter('tzid')),
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      stamp: String(vevent.getFirstProperty('dtstamp')?.toICALString()),
    };
  });
  return { events, timezones };
}
const eventOf = (ics: string, id: string) => parse(ics).events.find((e) => e.uid === `${id}@${HOST}`);

describe('GET /api/live-calls/{id}.ics', () => {
  it('gives one call as a calendar file in São Paulo time, without the meeting link', async () => {
    const created = await create({
      title: 'Call de Quinta: Escala & CBO',
      callTime: '20:00',
      callDate: '2026-12-03',
      link: MEET,
    });
    const res = await call(member, 'GET', `/api/live-calls/${created.id}.ics`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="call-de-quinta-escala-cbo.ics"');
    expect(res.body).not.toContain('meet.google.com');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.body).toContain('DTSTART;TZID=America/Sao_Paulo:20261203T200000\r\n');

    const { events, timezones } = parse(res.body);
    expect(timezones).toEqual(['America/Sao_Paulo']);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      uid: `${created.id}@${HOST}`,
      sequence: 0,
      summary: 'Call de Quinta: Escala & CBO',
      status: 'CONFIRMED',
      url: TAB_URL,
      tzid: 'America/Sao_Paulo',
    });
    // 20:00 in São Paulo (UTC-3) is 23:00 UTC; one hour long.
    expect(events[0]?.start.toISOString()).toBe('2026-12-03T23:00:00.000Z');
    expect(events[0]?.end.toISOString()).toBe('2026-12-04T00:00:00.000Z');
    expect(events[0]?.stamp).toMatch(/Z$/);
  });

  it('answers 404 for an undated, unknown or deleted call and 401 to visitors', async () => {
    const undated = await create({ title: 'Sem data', callTime: '20:00' });
    const res = await call(member, 'GET', `/api/live-calls/${undated.id}.ics`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Esta call ainda não tem data marcada.' });
    expect((await call(member, 'GET', `/api/live-calls/${randomUUID()}.ics`)).statusCode).toBe(404);
    const bad = await call(member, 'GET', '/api/live-calls/nao-e-id.ics');
    expect(bad.statusCode).toBe(400);

    const dated = await create({ title: 'Excluída', callTime: '20:00', callDate: '2026-12-10' });
    expect((await call(null, 'GET', `/api/live-calls/${dated.id}.ics`)).statusCode).toBe(401);
    expect((await call(admin, 'DELETE', `/api/live-calls/${dated.id}`)).statusCode).toBe(200);
    expect((await call(member, 'GET', `/api/live-calls/${dated.id}.ics`)).statusCode).toBe(404);
  });

  it('makes ASCII file names', () => {
    expect(callFileSlug('Sessão de Perguntas — Ação!')).toBe('sessao-de-perguntas-acao');
    expect(callFileSlug('!!!')).toBe('call');
  });
});

/** The member's feed answer (GET /api/user/calendar-feed). */
const feedOf = async (cookie: string) => {
  const res = await call(cookie, 'GET', '/api/user/calendar-feed');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalendarFeed;
};
/** A new feed address for the member (a reset: the one answer besides the first ask that carries it). */
const newFeedUrl = async (cookie: string) => {
  const res = await call(cookie, 'POST', '/api/user/calendar-feed/reset');
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json() as CalendarFeed;
  if (!url) throw new Error('a reset answers the new address');
  return url;
};
/** The feed as a calendar app fetches it: no cookie, the URL's token only. */
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: url.slice(TEST_ORIGIN.length) });

describe('the calendar feed', () => {
  it('makes each member one address with a 32-byte token, shown only in the answer that makes it', async () => {
    const first = await feedOf(member);
    expect(first.url).toMatch(/^http:\/\/localhost:3000\/api\/live-calls\.ics\?token=[A-Za-z0-9_-]{43}$/);
    expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false);
    // Asked again: the same feed (it still works), but its address is not kept to be shown.
    expect(await feedOf(member)).toEqual({ url: null, createdAt: first.createdAt });
    expect((await fetchFeed(first.url as string)).statusCode).toBe(200);
    expect((await feedOf(admin)).url).not.toBe(first.url);
    expect((await call(null, 'GET', '/api/user/calendar-feed')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/user/calendar-feed/reset')).statusCode).toBe(401);
  });

  it('stores only the SHA-256 of the token: a stolen row gives no working address', async () => {
    const userId = (await createMember(t.db, { name: 'Roubada' })).id;
    const url = (await feedOf(await signIn(t.db, userId))).url as string;
    const token = new URL(url).searchParams.get('token') as string;
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    expect(row?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const stolen = await fetchFeed(`${TEST_ORIGIN}/api/live-calls.ics?token=${row?.tokenHash}`);
    expect(stolen.statusCode).toBe(404);
    expect((await fetchFeed(url)).statusCode).toBe(200);
  });

  it('carries every dated call, updates by SEQUENCE, cancellations and never a meeting link', async () => {
    const scheduled = await create({
      title: 'Call do feed',
      callTime: '20:00',
      callDate: '2026-12-17',
      link: MEET,
    });
    const recording = await create({
      title: 'Gravação do feed',
      callTime: '19:30',
      callDate: '2026-11-19',
      link: RECORDING,
      status: 'Publicado',
    });
    const undated = await create({ title: 'Call sem data no feed', callTime: '20:00', link: MEET });
    const postponed = await create({ title: 'Call adiada', callTime: '20:00', callDate: '2026-12-24' });
    await edit(postponed.id, {
      title: 'Call adiada',
      callTime: '20:00',
      callDate: '2026-12-24',
      status: 'Adiada',
    });

    const url = await newFeedUrl(member);
    const first = await fetchFeed(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(first.body).not.toContain('meet.google.com');
    expect(first.body).not.toContain('aqz-KE-bpKQ');
    expect(first.body).not.toContain('Call sem data no feed');
    expect(parse(first.body).timezones).toEqual(['America/Sao_Paulo']);
    expect(eventOf(first.body, undated.id)).toBeUndefined();
    expect(eventOf(first.body, recording.id)).toMatchObject({ status: 'CONFIRMED', sequence: 0 });
    expect(eventOf(first.body, recording.id)?.start.toISOString()).toBe('2026-11-19T22:30:00.000Z');
    expect(eventOf(first.body, postponed.id)).toMatchObject({
      status: 'CANCELLED',
      sequence: 1,
      summary: 'Adiada: Call adiada',
    });
    expect(eventOf(first.body, scheduled.id)).toMatchObject({
      status: 'CONFIRMED',
      sequence: 0,
      tzid: 'America/Sao_Paulo',
      url: TAB_URL,
    });

    // An edit: same UID, a higher SEQUENCE, the new time.
    await edit(scheduled.id, {
      title: 'Call do feed',
      callTime: '21:00',
      callDate: '2026-12-17',
      link: MEET,
    });
    const edited = eventOf((await fetchFeed(url)).body, scheduled.id);
    expect(edited?.sequence).toBe(1);
    expect(edited?.start.toISOString()).toBe('2026-12-18T00:00:00.000Z');

    // The deletion: out of every list, in the feed as a cancellation one SEQUENCE later.
    expect((await call(admin, 'DELETE', `/api/live-calls/${scheduled.id}`)).statusCode).toBe(200);
    const list = (await call(member, 'GET', '/api/live-calls')).json() as LiveCall[];
    expect(list.map((c) => c.id)).not.toContain(scheduled.id);
    const cancelled = eventOf((await fetchFeed(url)).body, scheduled.id);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', sequence: 2, summary: 'Cancelada: Call do feed' });
    // A deleted call cannot be edited or deleted again.
    const put = await call(admin, 'PUT', `/api/live-calls/${scheduled.id}`, {
      title: 'x',
      description: 'd',
      callTime: '20:00',
    });
    expect(put.statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/live-calls/${scheduled.id}`)).statusCode).toBe(404);

    // After 60 days the cancellation leaves the feed.
    await t.db
      .update(liveCalls)
      .set({ deletedAt: sql`now() - interval '61 days'` })
      .where(eq(liveCalls.id, scheduled.id));
    expect(eventOf((await fetchFeed(url)).body, scheduled.id)).toBeUndefined();
  });

  it('counts only the calls not deleted in the admin dashboard', async () => {
    const stats = async () =>
      ((await call(admin, 'GET', '/api/admin/stats')).json() as { totalCalls: number }).totalCalls;
    const before = await stats();
    const created = await create({ title: 'Contada', callTime: '20:00' });
    expect(await stats()).toBe(before + 1);
    await call(admin, 'DELETE', `/api/live-calls/${created.id}`);
    expect(await stats()).toBe(before);
  });

  it('refuses unknown, forged and missing tokens with 404 in Portuguese', async () => {
    for (const url of [
      '/api/live-calls.ics',
      '/api/live-calls.ics?token=',
      '/api/live-calls.ics?token=abc',
      `/api/live-calls.ics?token=${randomBytes(32).toString('base64url')}`,
      `/api/live-calls.ics?token=${'x'.repeat(300)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
      if (res.statusCode === 404) expect(res.json()).toEqual({ message: CALENDAR_FEED_NOT_FOUND });
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/live-calls.ics?token=${randomBytes(32).toString('base64url')}`,
    });
    expect(res.statusCode).toBe(404);
  });

  it('replaces the address on reset: the old token stops working', async () => {
    const old = await newFeedUrl(member);
    const fresh = await newFeedUrl(member);
    expect(fresh).not.toBe(old);
    expect((await feedOf(member)).url).toBeNull();
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
  });

  it('refuses the feed of a member no longer active (403), and serves it again if the member comes back', async () => {
    const leaverId = (await createMember(t.db, { name: 'Saiu' })).id;
    const url = (await feedOf(await signIn(t.db, leaverId))).url as string;
    expect((await fetchFeed(url)).statusCode).toBe(200);
    await t.db.update(users).set({ status: 'Cancelado' }).where(eq(users.id, leaverId));
    const refused = await fetchFeed(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: CALENDAR_FEED_CANCELLED });
    await t.db.update(users).set({ status: 'Ativo' }).where(eq(users.id, leaverId));
    expect((await fetchFeed(url)).statusCode).toBe(200);
  });

  it('ends with all of the member’s sessions: password change, global logout, cancellation; a new one works', async () => {
    const userId = (await createMember(t.db, { name: 'Troca' })).id;
    const cookie = await signIn(t.db, userId);
    const before = (await feedOf(cookie)).url as string;
    expect((await fetchFeed(before)).statusCode).toBe(200);

    // A password change keeps this session but ends the feed: the old URL answers as an unknown one.
    const changed = await call(cookie, 'POST', '/api/user/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'uma-senha-nova-e-longa',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const gone = await fetchFeed(before);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: CALENDAR_FEED_NOT_FOUND });
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId))).toEqual([]);
    // The member gets a new address as before.
    const after = (await feedOf(cookie)).url as string;
    expect(after).not.toBe(before);
    expect((await fetchFeed(after)).statusCode).toBe(200);

    // The administrator's "logout all" ends every member's feed.
    const others = (await feedOf(await signIn(t.db, (await createMember(t.db)).id))).url as string;
    const logout = await call(admin, 'POST', '/api/admin/logout-all-users', {});
    expect(logout.statusCode, logout.body).toBe(200);
    expect((await fetchFeed(after)).statusCode).toBe(404);
    expect((await fetchFeed(others)).statusCode).toBe(404);

    // A cancellation by the administrator ends the member's feed too.
    const adminCookie = await signIn(
      t.db,
      (await createAdmin(t.db, { email: 'outro-admin@example.com' })).id,
    );
    const leaverId = (await createMember(t.db, { name: 'Cancelada' })).id;
    const leaver = (await feedOf(await signIn(t.db, leaverId))).url as string;
    const cancelled = await t.request({
      method: 'PATCH',
      url: `/api/admin/users/${leaverId}/status`,
      headers: { cookie: adminCookie },
      payload: { status: 'Cancelado' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.db.update(users).set({ status: 'Ativo' }).where(eq(users.id, leaverId));
    expect((await fetchFeed(leaver)).statusCode).toBe(404);
  });

  it('declares the routes with their access rules', () => {
    const accessOf = (key: string) =>
      t.app.routeAccessTable.find((r) => `${r.method} ${r.url}` === key)?.access;
    expect(accessOf('GET /api/live-calls/:id.ics')).toBe('member');
    expect(accessOf('GET /api/live-calls.ics')).toBe('public');
    expect(accessOf('GET /api/user/calendar-feed')).toBe('member');
    expect(accessOf('POST /api/user/calendar-feed/reset')).toBe('member');
  });
});

// Last in the file: the data migration runs over every feed of this database.
describe('migration 0033', () => {
  it('hashes the tokens stored before it, so the calendars already subscribed keep working', async () => {
    const migration = readFileSync(
      new URL('../../../../drizzle/0034_calendar_feed_token_hash.sql', import.meta.url),
      'utf8',
    );
    const hashing = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE'));
    expect(hashing).toMatch(/UPDATE "calendar_feeds" SET "token_hash" = encode\(sha256\(/);
    // A feed as the column held it before the migration: the token itself.
    const userId = (await createMember(t.db, { name: 'Assinou antes' })).id;
    const token = randomBytes(32).toString('base64url');
    await t.db.insert(calendarFeeds).values({ userId, tokenHash: token });
    await t.db.execute(sql.raw(hashing as string));
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    expect(row?.tokenHash).toBe(sha256(token));
    expect((await fetchFeed(`${TEST_ORIGIN}/api/live-calls.ics?token=${token}`)).statusCode).toBe(200);
  });
});
