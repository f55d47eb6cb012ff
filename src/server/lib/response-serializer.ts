import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { z } from '../../shared/schemas/zod';

type JsonSchema = Record<string, unknown>;

/** How answers are written: `fast` in production, `checked` everywhere else (see responseSerializerCompiler). */
export type ResponseSerializerMode = 'fast' | 'checked';

/**
 * A JSON Schema fast-json-stringify reads well: draft-7 from the Zod schema's output side, `$schema` dropped, and every
 * `anyOf: [X, {type: 'null'}]` (Zod's nullable object or array) written as X with `nullable: true`, which the
 * serializer writes directly instead of trying each branch.
 */
function fastSchema(schema: ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'throw',
  }) as JsonSchema;
  delete json.$schema;
  return simplify(json) as JsonSchema;
}

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(out).length === 1) {
    const nullAt = branches.findIndex(
      (b) => (b as JsonSchema).type === 'null' && Object.keys(b).length === 1,
    );
    const other = branches[1 - nullAt] as JsonSchema | undefined;
    if (nullAt !== -1 && other && typeof other.type === 'string') return { ...other, nullable: true };
  }
  return out;
}

/** A schema's fast serializer, or null when JSON Schema cannot say it (transforms, dates...): Zod writes those. */
export function compileFast(schema: ZodType): ((data: unknown) => string) | null {
  try {
    return fastJson(fastSchema(schema)) as (data: unknown) => string;
  } catch {
    return null;
  }
}

/** The response schema Fastify hands the compiler: a Zod type, or `{ properties: ZodType }`. */
function zodOf(schema: unknown): ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

/**
 * The response serializer. Every answer is written from its route's response schema, and only what the schema names
 * leaves the server (a row's other columns never do).
 * - `fast` (production): fast-json-stringify compiled from the schema's JSON Schema, as Fastify does natively; it
 *   writes the declared fields without validating them. A schema JSON Schema cannot express keeps Zod.
 * - `checked` (tests and development): Zod parses the answer (a value that does not match its schema is a 500, the
 *   bug found where it is written) and the fast serializer's output is compared with Zod's: the production writer
 *   may never answer differently from the checked one, so every test checks it on every answer it reads.
 * Zod's own parse of each answer was a fifth of the server's CPU per request under the mixed member load (issue #36).
 */
export function responseSerializerCompiler(mode: ResponseSerializerMode): FastifySerializerCompiler<unknown> {
  return (route) => {
    const checked = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const schema = zodOf(route.schema);
    const fast = schema ? compileFast(schema) : null;
    if (!fast) return checked;
    if (mode === 'fast') return fast;
    return (data) => {
      const expected = checked(data);
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `o serializador rápido de ${route.method} ${route.url} (${route.httpStatus}) escreveria ${written.slice(0, 300)} ` +
            `em vez de ${expected.slice(0, 300)}`,
        );
      }
      return expected;
    };
  };
}
