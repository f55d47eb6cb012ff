import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import contract from './api-contract.json';

/**
 * The API contract for the client's tests: every route's success answers as JSON Schema, generated from the server's
 * Zod response schemas by src/server/testing/api-contract.test.ts (which also keeps this file up to date). A test
 * stub answering what the server never would fails the test, so a screen is never tested against a made-up API.
 */
const routes = Object.entries(contract as Record<string, Record<string, object>>).map(([key, answers]) => {
  const [method, pattern] = key.split(' ') as [string, string];
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+');
  return { key, method, match: new RegExp(`^${source}$`), answers };
});

// Structure only (fields, types, enums, required): test ids like 'o1' are fine where the server sends UUIDs.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

/**
 * Why a stubbed answer breaks the contract, or null when it holds (or is not a JSON success answer). An answer to a
 * path no route serves breaks it too.
 */
export function contractViolation(method: string, url: string, status: number, body: unknown): string | null {
  const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';
  if (!path.startsWith('/api/')) return null;
  // The most specific route first: a literal segment beats a parameter (`/api/user/likes` before `/api/user/:id`).
  const candidates = routes.filter((r) => r.method === method && r.match.test(path));
  const route = candidates.sort(
    (a, b) => b.key.replace(/:[^/]+/g, '').length - a.key.replace(/:[^/]+/g, '').length,
  )[0];
  if (!route) return `${method} ${path}: nenhuma rota do servidor atende este caminho`;
  if (status < 200 || status >= 300) return null;
  const schema = route.answers[String(status)];
  if (!schema) return `${method} ${path}: a rota ${route.key} não responde ${status}`;
  let validate = validators.get(`${route.key} ${status}`);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(`${route.key} ${status}`, validate);
  }
  if (validate(body)) return null;
  const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '(corpo)'} ${e.message}`).join('; ');
  return `${method} ${path}: resposta fora do contrato de ${route.key} (${errors})`;
}

/** The violation of a stubbed Response (read from a clone: the caller still reads the original). */
export async function responseViolation(
  method: string,
  url: string,
  response: Response,
): Promise<string | null> {
  const type = response.headers.get('content-type') ?? '';
  let body: unknown = null;
  if (type.includes('application/json') && response.status !== 204) body = await response.clone().json();
  else if (response.status >= 200 && response.status < 300) {
    // A non-JSON success (a file download) is checked only for its route.
    return contractViolation(method, url, 0, null);
  }
  return contractViolation(method, url, response.status, body);
}
