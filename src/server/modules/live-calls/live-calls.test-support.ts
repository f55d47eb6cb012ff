import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { LiveCall } from '../../../shared/schemas/live-calls';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The live-call tests' cast: an app on its own database, the administrator's and one member's Cookie headers. */
export async function liveCallsTestApp(memberName: string) {
  const t = await createTestApp();
  const admin = await signIn(t.db, (await createAdmin(t.db)).id);
  const memberId = (await createMember(t.db, { name: memberName })).id;
  const member = await signIn(t.db, memberId);
  return { t, admin, member, memberId };
}

/** A request with this Cookie header (null: signed out) and this body, if any. */
export const requestAs = (
  t: TestApp,
  cookie: string | null,
  method: Method,
  url: string,
  payload?: InjectOptions['payload'],
) =>
  t.request({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });

/** The administrator creates a call (201 expected) and gets it as the route answers. */
export async function createCall(t: TestApp, admin: string, payload: Record<string, unknown>) {
  const res = await requestAs(t, admin, 'POST', '/api/live-calls', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as LiveCall;
}

/** The administrator saves a call with this whole body (200 expected). */
export async function editCall(t: TestApp, admin: string, id: string, payload: Record<string, unknown>) {
  const res = await requestAs(t, admin, 'PUT', `/api/live-calls/${id}`, payload);
  expect(res.statusCode, res.body).toBe(200);
}
