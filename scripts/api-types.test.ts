import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One place for the API's shapes (docs/decisions.md, 'Camadas do servidor'): every body is a Zod schema in
 * src/shared/schemas, the route declares it and the client hook names its inferred type. So a client call never
 * writes its answer's type inline (`api.post<{ message: string }>`), and a route file declares no schema of its own.
 */
const root = path.resolve(import.meta.dirname, '..');

async function sources(folder: string, pattern: RegExp) {
  const files = await readdir(path.join(root, folder), { recursive: true });
  return Promise.all(
    files
      .filter((file) => pattern.test(file))
      .map(async (file) => ({
        file: `${folder}/${file}`,
        text: await readFile(path.join(root, folder, file), 'utf8'),
      })),
  );
}

/** The type arguments of `api.get/post/put/patch/delete<...>(` calls that write an object type inline. */
function inlineAnswerTypes(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\bapi\.(?:get|post|put|patch|delete)</g)) {
    let depth = 1;
    let i = (match.index ?? 0) + match[0].length;
    const start = i;
    while (i < text.length && depth > 0) {
      if (text[i] === '<') depth++;
      else if (text[i] === '>' && text[i - 1] !== '=') depth--;
      i++;
    }
    const argument = text.slice(start, i - 1);
    if (argument.includes('{')) found.push(`${match[0]}${argument}>`);
  }
  return found;
}

describe('the API types', () => {
  it('spot an inline answer type, however it is written', () => {
    expect(inlineAnswerTypes("api.post<{ message: string }>('/api/x')")).toHaveLength(1);
    expect(inlineAnswerTypes('api.get<Array<{ id: string }>>(path)')).toHaveLength(1);
    expect(inlineAnswerTypes('api.delete<\n  { ok: boolean }\n>(path)')).toHaveLength(1);
    expect(inlineAnswerTypes("api.post<MessageBody>('/api/x', { a: 1 })")).toEqual([]);
    expect(inlineAnswerTypes('api.get<Record<string, number>>(path)')).toEqual([]);
  });

  it('are never written inline in a client call: the shared schema’s type is named', async () => {
    const found = (await sources('src/client', /\.tsx?$/)).flatMap(({ file, text }) =>
      inlineAnswerTypes(text).map((call) => `${file}: ${call}`),
    );
    expect(found).toEqual([]);
  });

  it('are never declared in a route file: its schemas come from src/shared/schemas', async () => {
    const found = (await sources('src/server/modules', /\.routes\.ts$/))
      .filter(({ text }) => /\bz\.[a-z]/.test(text) || /schemas\/zod'/.test(text))
      .map(({ file }) => file);
    expect(found).toEqual([]);
  });
});
