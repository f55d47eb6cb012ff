import type { InjectOptions } from 'fastify';
import type { UserOfferInput } from '../../../shared/schemas/offers';
import { detectFileType } from '../../lib/file-type';
import { createAdmin, createMember, signIn, type UserOverrides } from '../../testing/factories';
import { TINY_PNG } from '../../testing/multipart';
import type { TestApp } from '../../testing/test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A signed-in user with a request helper carrying the session cookie. */
export async function session(t: TestApp, role: 'member' | 'admin', overrides: UserOverrides = {}) {
  const user = role === 'admin' ? await createAdmin(t.db) : await createMember(t.db, overrides);
  const cookie = await signIn(t.db, user.id);
  const call = (method: Method, url: string, payload?: InjectOptions['payload']) =>
    t.request({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
  return { user, cookie, call };
}
export type Session = Awaited<ReturnType<typeof session>>;

/** A creative file really stored by the app (as POST /api/uploads/creative would). */
export async function storedCreative(t: TestApp, data: Buffer = TINY_PNG): Promise<string> {
  return (await t.app.storage.put(data, detectFileType(data)!, 'creatives')).url;
}

export function submissionPayload(creative: string, overrides: Partial<UserOfferInput> = {}): UserOfferInput {
  return {
    creative,
    creativeType: 'image',
    productTitle: 'Chá Seca Barriga',
    advertiserLink: 'https://www.vidaleve.example.com/pagina',
    creativeLink: 'https://example.com/criativo',
    libraryLink: 'https://example.com/biblioteca',
    siteLink: 'https://example.com/site',
    status: 'escalando',
    format: 'VSL',
    language: 'Português',
    niche: 'Emagrecimento',
    ads: 120,
    roas: 2.75,
    ticket: 197.9,
    ...overrides,
  };
}

/** Submits as the member and returns the new submission id. */
export async function submitOffer(t: TestApp, member: Session, overrides: Partial<UserOfferInput> = {}) {
  const res = await member.call(
    'POST',
    '/api/user-offers',
    submissionPayload(await storedCreative(t), overrides),
  );
  if (res.statusCode !== 201) throw new Error(`submission failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}
