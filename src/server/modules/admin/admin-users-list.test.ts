import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: string;
const ids = new Map<string, string>();
const DAY = 86_400_000;
const daysAgo = (days: number, extraHours = 0) => new Date(Date.now() - days * DAY - extraHours * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  const a = await createAdmin(t.db);
  admin = await signIn(t.db, a.id);
  // The administrator signed up long ago: out of every range below.
  await t.db
    .update(users)
    .set({ createdAt: daysAgo(1000), statusChangedAt: null })
    .where(eq(users.id, a.id));
  const people = [
    { key: 'ana', name: 'Ana Souza', email: 'ana@exemplo.com', createdAt: daysAgo(10) },
    {
      key: 'bruno',
      name: 'Bruno Lima',
      email: 'bl@teste.com',
      createdAt: daysAgo(40),
      planType: 'Mentoria Semestral',
    },
    {
      key: 'carla',
      name: 'Carla',
      email: 'carla@exemplo.com',
      createdAt: daysAgo(5),
      status: 'Cancelado' as const,
    },
    // Reactivated 3 days ago: active time counts from the status change, not from sign-up.
    {
      key: 'davi',
      name: 'Davi',
      email: 'davi@exemplo.com',
      createdAt: daysAgo(300),
      statusChangedAt: daysAgo(3, 5),
    },
    { key: 'eva', name: 'Eva', email: 'eva@exemplo.com', createdAt: daysAgo(20), planType: 'Gratuito' },
    { key: 'fabio', name: 'Fábio 100%_real', email: 'fabio@exemplo.com', createdAt: daysAgo(60) },
  ];
  for (const person of people) {
    const row = await createMember(t.db, {
      name: person.name,
      email: person.email,
      planType: person.planType,
      status: person.status,
    });
    await t.db
      .update(users)
      .set({ createdAt: person.createdAt, statusChangedAt: person.statusChangedAt ?? null })
      .where(eq(users.id, row.id));
    ids.set(row.id, person.key);
  }
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.request({ method: 'GET', url: `/api/admin/users${query}`, headers: { cookie: admin } });
  return res;
};
const names = async (query: string) => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Array<{ id: string }>).map((u) => ids.get(u.id) ?? 'admin');
};

describe('GET /api/admin/users', () => {
  it('sorts by sign-up date, newest first by default and oldest first on request, with the total', async () => {
    expect(await names('')).toEqual(['carla', 'ana', 'eva', 'bruno', 'fabio', 'davi', 'admin']);
    expect(await names('?sort=oldest')).toEqual(['admin', 'davi', 'fabio', 'bruno', 'eva', 'ana', 'carla']);
    const body = (await list('?pageSize=2&page=2')).json();
    expect(body).toMatchObject({ total: 7, page: 2, pageSize: 2 });
    expect(body.items.map((u: { id: string }) => ids.get(u.id))).toEqual(['eva', 'bruno']);
  });

  it('searches name or e-mail, case-insensitive, with the wildcards typed taken literally', async () => {
    expect(await names('?search=%20%20SOUZA%20')).toEqual(['ana']);
    expect(await names('?search=teste.com')).toEqual(['bruno']);
    expect(await names('?search=ningu%C3%A9m')).toEqual([]);
    expect(await names('?search=100%25_')).toEqual(['fabio']);
    expect(await names('?search=%25')).toEqual(['fabio']);
  });

  it('filters by plan (missing or unknown plans count as Mensal) and by status', async () => {
    expect(await names('?plan=semestral')).toEqual(['bruno', 'admin']);
    expect(await names('?plan=mensal')).toEqual(['carla', 'ana', 'fabio', 'davi']);
    expect(await names('?status=Cancelado')).toEqual(['carla']);
    expect(await names('?status=Ativo&plan=mensal')).toEqual(['ana', 'fabio', 'davi']);
  });

  it('active time: whole days since the status change or sign-up, inclusive bounds, no cancelled users', async () => {
    expect(await names('?minDays=10&maxDays=20')).toEqual(['ana', 'eva']);
    expect(await names('?maxDays=3')).toEqual(['davi']);
    expect(await names('?minDays=4&maxDays=9')).toEqual([]);
    expect(await names('?minDays=0')).not.toContain('carla');
    expect(await names('?minDays=41&maxDays=59')).toEqual([]);
    expect(await names('?minDays=40&maxDays=40')).toEqual(['bruno']);
  });

  it('never sends a password hash or a balance, and refuses bad filters in Portuguese', async () => {
    const raw = (await list('')).body;
    expect(raw).not.toContain('scrypt$');
    expect(raw).not.toMatch(/passwordHash|balance/);
    for (const [query, message] of [
      ['?pageSize=101', 'No máximo 100 usuários por página.'],
      ['?minDays=5&maxDays=2', 'O mínimo de dias não pode ser maior que o máximo.'],
      ['?minDays=-1', 'Mínimo: o número de dias não pode ser negativo.'],
      ['?maxDays=abc', 'Máximo: informe um número inteiro de dias.'],
      ['?plan=anual', 'Plano inválido: use mensal ou semestral.'],
      ['?status=ativo', 'Status inválido: use Ativo ou Cancelado.'],
      ['?sort=alfabetica', 'Ordem inválida: use newest ou oldest.'],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it('is for the administrator only', async () => {
    const member = await signIn(t.db, (await createMember(t.db)).id);
    const res = await t.request({ method: 'GET', url: '/api/admin/users', headers: { cookie: member } });
    expect(res.statusCode).toBe(403);
  });
});
