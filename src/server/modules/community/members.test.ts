import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfiles } from '../../db/schema/index';
import { createMember } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import { communityTestApp, type Session, signedInMember } from './community.test-support';
import { MEMBER_SEARCH_LIMIT } from './members.service';

let t: TestApp;
let ana: Session;
let joao: Session;

beforeAll(async () => {
  ({ t, ana } = await communityTestApp());
  joao = await signedInMember(t, { name: 'João Ávila' });
  await createMember(t.db, { name: 'Maria Joana Souza' });
  await createMember(t.db, { name: 'Pedro Bejoao' });
  await createMember(t.db, { name: 'JOÃO CANCELADO', status: 'Cancelado' });
});
afterAll(() => t.close());

const search = (s: Session, query: string) =>
  s.call('GET', `/api/community/members?query=${encodeURIComponent(query)}`);
const names = async (s: Session, query: string) => {
  const res = await search(s, query);
  expect(res.statusCode).toBe(200);
  return (res.json().members as { name: string }[]).map((m) => m.name);
};

describe('GET /api/community/members', () => {
  it('matches without case or accents, word starts first, then anywhere in the name; active members only', async () => {
    expect(await names(ana, 'joa')).toEqual(['João Ávila', 'Maria Joana Souza', 'Pedro Bejoao']);
    expect(await names(ana, '  JOÃO ')).toEqual(['João Ávila', 'Pedro Bejoao']);
    expect(await names(ana, 'avi')).toEqual(['João Ávila']);
    expect(await names(ana, 'souza')).toEqual(['Maria Joana Souza']);
    expect(await names(ana, '%')).toEqual([]);
    expect(await names(ana, 'cancelado')).toEqual([]);
  });

  it('answers id, name and the avatar when the member has one; never the caller', async () => {
    await t.db
      .insert(userProfiles)
      .values({ userId: joao.user.id, avatar: '/uploads/avatars/joao.png' })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { avatar: '/uploads/avatars/joao.png' } });
    const res = await search(ana, 'joão');
    expect(res.json().members[0]).toEqual({
      id: joao.user.id,
      name: 'João Ávila',
      avatarUrl: '/uploads/avatars/joao.png',
    });
    expect(res.json().members[1]).not.toHaveProperty('avatarUrl');
    expect(await names(joao, 'joão')).toEqual(['Pedro Bejoao']);
    await t.db.delete(userProfiles).where(eq(userProfiles.userId, joao.user.id));
  });

  it(`offers at most ${MEMBER_SEARCH_LIMIT} members`, async () => {
    for (let i = 0; i < MEMBER_SEARCH_LIMIT + 2; i++) await createMember(t.db, { name: `Xavier ${i}` });
    expect(await names(ana, 'xavier')).toHaveLength(MEMBER_SEARCH_LIMIT);
  });

  it('refuses an empty or too long query in Portuguese, and visitors', async () => {
    const empty = await search(ana, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Digite o nome do membro.');
    const missing = await ana.call('GET', '/api/community/members');
    expect(missing.statusCode).toBe(400);
    const long = await search(ana, 'a'.repeat(51));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/no máximo 50 caracteres/);
    const visitor = await t.request({ method: 'GET', url: '/api/community/members?query=jo' });
    expect(visitor.statusCode).toBe(401);
  });
});
