import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../testing/test-app';
import { compileFast, type ResponseSerializerMode, responseSerializerCompiler } from './response-serializer';

const card = z.object({
  id: z.string(),
  ticket: z.number(),
  status: z.enum(['validando', 'escalando']),
  growth: z.object({ ads: z.number(), percent: z.number().nullable() }).nullable(),
  spark: z.array(z.number().nullable()),
  note: z.string().optional(),
});

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWith(mode: ResponseSerializerMode, schema: z.ZodType, data: unknown) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  apps.push(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(mode));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => data as never);
  return app.inject({ method: 'GET', url: '/x' });
}

describe('the response serializer', () => {
  const row = {
    id: 'o1',
    ticket: 1234.56,
    status: 'escalando',
    growth: null,
    spark: [null, 3, 4],
    passwordHash: 'segredo',
    userEmail: 'a@b.c',
  };

  it.each(['fast', 'checked'] as const)(
    '%s: writes the declared fields only, nulls and numbers as they are',
    async (mode) => {
      const res = await appWith(mode, card, row);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: 'o1',
        ticket: 1234.56,
        status: 'escalando',
        growth: null,
        spark: [null, 3, 4],
      });
      expect(res.body).not.toContain('segredo');
      const nested = await appWith(mode, z.object({ items: z.array(card) }), {
        items: [{ ...row, growth: { ads: 12, percent: -40, extra: 1 }, note: 'ok' }],
      });
      expect(nested.json().items[0]).toMatchObject({ growth: { ads: 12, percent: -40 }, note: 'ok' });
      expect(nested.json().items[0].growth).not.toHaveProperty('extra');
    },
  );

  it('checked: an answer that does not match its schema is an error, not a changed value', async () => {
    const res = await appWith('checked', card, { ...row, ticket: '1.234,56' });
    expect(res.statusCode).toBe(500);
  });

  it('checked: the fast writer answering differently from Zod is an error (every test checks production’s writer)', async () => {
    // .overwrite() changes the value and still has a JSON Schema: only Zod applies it, so the two writers differ.
    const res = await appWith('checked', z.object({ name: z.string().overwrite((s) => s.toUpperCase()) }), {
      name: 'ana',
    });
    expect(res.statusCode).toBe(500);
    const fast = await appWith('fast', z.object({ name: z.string().overwrite((s) => s.toUpperCase()) }), {
      name: 'ana',
    });
    expect(fast.json()).toEqual({ name: 'ana' });
  });

  it('keeps Zod for what JSON Schema cannot say (a transform)', async () => {
    const schema = z.object({ at: z.date().transform((d) => d.toISOString()) });
    const res = await appWith('fast', schema, { at: new Date('2026-12-07T12:00:00Z') });
    expect(res.json()).toEqual({ at: '2026-12-07T12:00:00.000Z' });
  });
});

describe("the app's routes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are all written by the fast serializer in production (a response schema it cannot compile is refused here)', () => {
    const slow: string[] = [];
    let schemas = 0;
    for (const route of t.app.routeAccessTable) {
      for (const [status, schema] of Object.entries(route.responses)) {
        if (!(schema instanceof z.ZodType)) continue;
        schemas++;
        if (!compileFast(schema)) slow.push(`${route.method} ${route.url} ${status}`);
      }
    }
    expect(schemas).toBeGreaterThan(150);
    expect(slow).toEqual([]);
  });
});
