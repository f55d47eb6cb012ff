import type { InjectOptions } from 'fastify';
import { createAdmin, createMember, signIn, type UserOverrides } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A signed-in member: the row, the Cookie header and a request helper carrying it. */
export async function signedInMember(t: TestApp, overrides: UserOverrides = {}) {
  const user = await createMember(t.db, overrides);
  return withSession(t, user, await signIn(t.db, user.id));
}

export async function signedInAdmin(t: TestApp) {
  const user = await createAdmin(t.db);
  return withSession(t, user, await signIn(t.db, user.id));
}

function withSession<U extends { id: string }>(t: TestApp, user: U, cookie: string) {
  const call = (method: Method, url: string, payload?: InjectOptions['payload']) =>
    t.request({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
  return { user, cookie, call };
}

export type Session = Awaited<ReturnType<typeof signedInMember>>;
