import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '../../shared/schemas/zod';
import { createTestApp, type TestApp } from './test-app';

/**
 * The API contract the client's tests are held to: every /api route's success answers as JSON Schema, made from the
 * routes' own Zod response schemas (src/shared/schemas/). The client's fetch stub (`createFetchStub` in
 * src/client/testing/render-with-providers.tsx, through src/client/testing/api-contract.ts) refuses a stubbed answer
 * that does not match it. This test keeps the checked-in file equal to what the server declares; after changing a
 * route, regenerate it with
 *   UPDATE_API_CONTRACT=1 npx vitest run src/server/testing/api-contract.test.ts
 */
const CONTRACT_FILE = path.resolve(import.meta.dirname, '../../client/testing/api-contract.json');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function contractOf(app: TestApp['app']) {
  const routes: Record<string, Record<string, unknown>> = {};
  const table = app.routeAccessTable
    .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/'))
    .sort((a, b) => {
      const [x, y] = [`${a.url} ${a.method}`, `${b.url} ${b.method}`];
      return x < y ? -1 : x > y ? 1 : 0;
    });
  for (const route of table) {
    const answers: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(route.responses)) {
      if (!/^2/.test(status) || !(schema instanceof z.ZodType)) continue;
      answers[status] = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
    }
    routes[`${route.method} ${route.url}`] = answers;
  }
  return routes;
}

describe('API contract', () => {
  it('the client tests hold to what every route answers (src/client/testing/api-contract.json)', async () => {
    const contract = contractOf(t.app);
    expect(Object.keys(contract).length).toBeGreaterThan(80);
    // Routes whose answers the client reads are declared.
    expect(contract['POST /api/comments/:id/like']?.['200']).toBeTruthy();
    expect(contract['GET /api/offers']?.['200']).toBeTruthy();
    const generated = JSON.parse(JSON.stringify(contract));
    if (process.env.UPDATE_API_CONTRACT === '1') {
      await writeFile(CONTRACT_FILE, `${JSON.stringify(generated, null, 1)}\n`);
    }
    const stored = JSON.parse(await readFile(CONTRACT_FILE, 'utf8').catch(() => 'null'));
    expect(
      JSON.stringify(stored) === JSON.stringify(generated),
      'src/client/testing/api-contract.json está desatualizado: rode UPDATE_API_CONTRACT=1 npx vitest run src/server/testing/api-contract.test.ts',
    ).toBe(true);
  });
});
