import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, json } from '../testing/render-with-providers';
import { ApiError, api, errorMessage } from './api-client';

afterEach(() => vi.unstubAllGlobals());

async function failureOf(status: number, body: unknown): Promise<ApiError> {
  vi.stubGlobal('fetch', createFetchStub({ 'GET /api/offers': () => json(status, body) }).fetch);
  const error = await api.get('/api/offers').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('ApiError and the error code of a 5xx', () => {
  it("ends a 5xx message with 'Código do erro: <id>' from the body's code", async () => {
    const error = await failureOf(500, {
      message: 'Erro interno do servidor',
      code: '6f1c2d3e-aaaa-4bbb-8ccc-123456789abc',
    });
    expect(error.status).toBe(500);
    expect(error.code).toBe('6f1c2d3e-aaaa-4bbb-8ccc-123456789abc');
    expect(errorMessage(error, 'x')).toBe(
      'Erro interno do servidor. Código do erro: 6f1c2d3e-aaaa-4bbb-8ccc-123456789abc',
    );
    const unavailable = await failureOf(503, {
      message: 'Banco de dados indisponível. Tente novamente em instantes.',
      code: 'lb-1:2.3',
    });
    expect(unavailable.message).toBe(
      'Banco de dados indisponível. Tente novamente em instantes. Código do erro: lb-1:2.3',
    );
  });

  it('leaves 4xx messages, 5xx without a code and a code that is not an id as the server wrote them', async () => {
    expect((await failureOf(404, { message: 'Oferta não encontrada.', code: 'abc' })).message).toBe(
      'Oferta não encontrada.',
    );
    expect((await failureOf(500, { message: 'Erro interno do servidor' })).message).toBe(
      'Erro interno do servidor',
    );
    const odd = await failureOf(500, { message: 'Erro interno do servidor', code: '<b>não é um id</b>' });
    expect(odd.message).toBe('Erro interno do servidor');
    expect(odd.code).toBeUndefined();
  });
});
