import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATIVES_EMPTY } from '../../../shared/schemas/campaign-analysis';
import { createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ANALYSIS_RATE_LIMIT } from './campaign-analysis.routes';
import { AI_MAX_TOKENS } from './language-model';

/**
 * POST /api/chat and POST /api/validar-criativos against the real app: the engine's answer without a model,
 * the model's answer through a local OpenAI-compatible server (127.0.0.1, this test only), the fallback to the
 * engine's text when that server fails, hangs, answers empty or writes numbers of its own, and the refusals.
 */

const FUNNEL = {
  ticketPrincipal: 97,
  upsell1Ticket: 47,
  upsell1Conversao: 30,
  upsellsAdicionais: [],
  valorGasto: 1000,
  valorRetornado: 2500,
  vendasPrincipal: 20,
};
const CHAT = { mensagem: 'Resumo da campanha', dados: FUNNEL };
const CREATIVES = {
  mensagem: 'Resumo dos criativos',
  criativos: [
    { nome: 'Vídeo', quantoGastou: 100, quantoVoltou: 250, cliques: 200, ic: 20, ctr: 2, cpm: 28, cpc: 0.5 },
    {
      nome: 'Imagem',
      quantoGastou: 100,
      quantoVoltou: 60,
      cliques: 120,
      ic: 6,
      ctr: 1.2,
      cpm: 36,
      cpc: 0.83,
    },
  ],
};

type Behaviour = 'ok' | 'fail' | 'hang' | 'empty' | 'invented';

interface FakeModel {
  url: string;
  requests: { path: string; auth: string | undefined; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

/** A local OpenAI-compatible server: /v1/chat/completions answers as `behaviour` says. */
async function startFakeModel(behaviour: Behaviour): Promise<FakeModel> {
  const requests: FakeModel['requests'] = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      requests.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      if (behaviour === 'hang') {
        hanging.push(res);
        return;
      }
      if (behaviour === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'modelo caiu' } }));
        return;
      }
      const content =
        behaviour === 'empty'
          ? '   '
          : behaviour === 'invented'
            ? '**Conversa**\n- Seu ROAS foi de 3,10x, ótimo.'
            : '**Conversa**\n- Seu ROAS de 2,50x está acima de 1,50x: hora de escalar.\n- Lucro de R$ 1.500,00.';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-teste',
          object: 'chat.completion',
          created: 1,
          model: 'modelo-teste',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function memberCookie(t: TestApp) {
  return signIn(t.db, (await createMember(t.db)).id);
}

const post = (t: TestApp, url: string, payload: unknown, cookie?: string) =>
  t.request({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

describe('without a language model', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await memberCookie(t);
  });
  afterAll(() => t.close());

  it('answers the optimizer with the engine text and its real figures', async () => {
    const res = await post(t, '/api/chat', CHAT, cookie);
    expect(res.statusCode).toBe(200);
    const { resposta } = res.json() as { resposta: string };
    // 2500 / 1000 = 2,50x; 2500 - 1000 = 1.500,00; 1000 / 20 = 50,00; 97 + 47 × 30% = 111,10.
    expect(resposta).toContain('**Resumo da campanha**');
    expect(resposta).toContain('ROAS: 2,50x');
    expect(resposta).toContain('lucro de R$\u00a01.500,00 (ROI de 150%)');
    expect(resposta).toContain('CPA: R$\u00a050,00 por venda (20 vendas)');
    expect(resposta).toContain('Ticket médio com upsells: R$\u00a0111,10 por venda');
    expect(resposta).toContain('- Escalar:');
    expect(resposta).not.toMatch(/NaN|Infinity|undefined/);
  });

  it('answers the validator with a ranking and a decision per creative', async () => {
    const res = await post(t, '/api/validar-criativos', CREATIVES, cookie);
    expect(res.statusCode).toBe(200);
    const { resposta } = res.json() as { resposta: string };
    // Vídeo 250 / 100 = 2,50x (≥ 1,50x, R$ 100 gastos ≥ R$ 50): Escalar; Imagem 60 / 100 = 0,60x: Cortar.
    expect(resposta).toContain('1. Vídeo: ROAS 2,50x, lucro de R$\u00a0150,00 (Escalar)');
    expect(resposta).toContain('2. Imagem: ROAS 0,60x, prejuízo de R$\u00a040,00 (Cortar)');
    expect(resposta).toContain('**Vídeo: Escalar**');
    expect(resposta).toContain('**Imagem: Cortar**');
  });

  it('reads numbers typed the Brazilian way as the same figures as JSON numbers', async () => {
    const typed = {
      ticketPrincipal: '97,00',
      upsell1Ticket: 'R$ 47',
      upsell1Conversao: '30%',
      upsellsAdicionais: [{ ticket: '', conversao: null }],
      valorGasto: '1.000,00',
      valorRetornado: '2.500',
      vendasPrincipal: '20',
    };
    const asText = await post(t, '/api/chat', { ...CHAT, dados: typed }, cookie);
    const asNumbers = await post(t, '/api/chat', CHAT, cookie);
    expect(asText.statusCode, asText.body).toBe(200);
    expect(asText.json()).toEqual(asNumbers.json());
    const creatives = await post(
      t,
      '/api/validar-criativos',
      {
        ...CREATIVES,
        criativos: [
          { ...CREATIVES.criativos[0], quantoGastou: '100,00', ctr: '2%', cpc: '0,50', cliques: '200' },
          { ...CREATIVES.criativos[1], quantoVoltou: '60', ctr: '1,2', cpc: '0,83', cpm: 'R$ 36,00' },
        ],
      },
      cookie,
    );
    expect(creatives.statusCode, creatives.body).toBe(200);
    expect((await post(t, '/api/validar-criativos', CREATIVES, cookie)).json()).toEqual(creatives.json());
  });

  it('answers a campaign with no spend and no sales without NaN or Infinity', async () => {
    const res = await post(
      t,
      '/api/chat',
      { mensagem: '', dados: { ticketPrincipal: 50, valorGasto: 0, valorRetornado: 0, vendasPrincipal: 0 } },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const { resposta } = res.json() as { resposta: string };
    expect(resposta).toContain('sem valor gasto informado');
    expect(resposta).not.toMatch(/NaN|Infinity|undefined/);
  });

  it.each([
    ['no data', { mensagem: 'x' }, 'Envie os dados da campanha.'],
    [
      'a missing main ticket',
      { mensagem: 'x', dados: { ...FUNNEL, ticketPrincipal: undefined } },
      'Informe o ticket do produto principal.',
    ],
    [
      'a negative spend',
      { mensagem: 'x', dados: { ...FUNNEL, valorGasto: -10 } },
      'Valor gasto deve ser um número positivo.',
    ],
    [
      'US-style text in a money field',
      { mensagem: 'x', dados: { ...FUNNEL, valorRetornado: '2,500.00' } },
      'Valor retornado deve ser um número positivo. Use vírgula para os centavos, como 1.234,56.',
    ],
    [
      'text with three decimals in a percentage',
      { mensagem: 'x', dados: { ...FUNNEL, upsell1Conversao: '30,125' } },
      'Conversão do upsell 1 deve ser um número positivo. Use no máximo 2 casas decimais, como 1,85.',
    ],
    [
      'decimals typed in the sales count',
      { mensagem: 'x', dados: { ...FUNNEL, vendasPrincipal: '20,5' } },
      'Quantidade de vendas do produto principal deve ser um número inteiro.',
    ],
    [
      'a true/false in a number field',
      { mensagem: 'x', dados: { ...FUNNEL, valorGasto: true } },
      'Valor gasto deve ser um número positivo.',
    ],
    [
      'a conversion over 100%',
      { mensagem: 'x', dados: { ...FUNNEL, upsell1Conversao: 130 } },
      'Conversão do upsell 1 deve estar entre 0 e 100%.',
    ],
    [
      'an upsell ticket without its conversion',
      { mensagem: 'x', dados: { ...FUNNEL, upsellsAdicionais: [{ ticket: 30, conversao: null }] } },
      'Informe o ticket e a conversão do upsell 2.',
    ],
    [
      'fractional sales',
      { mensagem: 'x', dados: { ...FUNNEL, vendasPrincipal: 2.5 } },
      'Quantidade de vendas do produto principal deve ser um número inteiro.',
    ],
    ['no summary', { dados: FUNNEL }, 'Envie o resumo da análise (mensagem).'],
  ])('refuses %s on /api/chat with a Portuguese 400', async (_name, payload, message) => {
    const res = await post(t, '/api/chat', payload, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it.each([
    ['no creative', { mensagem: 'x', criativos: [] }, CREATIVES_EMPTY],
    ['only blank creatives', { mensagem: 'x', criativos: [{ nome: '  ' }, {}] }, CREATIVES_EMPTY],
    ['a missing list', { mensagem: 'x' }, CREATIVES_EMPTY],
    [
      'negative clicks',
      { mensagem: 'x', criativos: [{ nome: 'A', cliques: -1 }] },
      'Cliques deve ser um número positivo.',
    ],
    [
      'a word in CPC',
      { mensagem: 'x', criativos: [{ nome: 'A', cpc: 'barato' }] },
      'CPC deve ser um número positivo. Use vírgula para os centavos, como 1.234,56.',
    ],
    [
      'a negative typed as text',
      { mensagem: 'x', criativos: [{ nome: 'A', quantoGastou: '-50,00' }] },
      'Quanto gastou deve ser um número positivo.',
    ],
  ])('refuses %s on /api/validar-criativos with a Portuguese 400', async (_name, payload, message) => {
    const res = await post(t, '/api/validar-criativos', payload, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses NUL bytes in the text', async () => {
    const res = await post(
      t,
      '/api/validar-criativos',
      { mensagem: 'x', criativos: [{ nome: 'A\u0000B', quantoGastou: 10 }] },
      cookie,
    );
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toMatch(/caracteres inválidos/);
  });

  it('is for members only', async () => {
    expect((await post(t, '/api/chat', CHAT)).statusCode).toBe(401);
    expect((await post(t, '/api/validar-criativos', CREATIVES)).statusCode).toBe(401);
  });

  it('limits each member, per route, and not the other members', async () => {
    const busy = await memberCookie(t);
    for (let i = 0; i < ANALYSIS_RATE_LIMIT.max; i++) {
      expect((await post(t, '/api/validar-criativos', CREATIVES, busy)).statusCode).toBe(200);
    }
    const refused = await post(t, '/api/validar-criativos', CREATIVES, busy);
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as { message: string }).message).toMatch(/Aguarde/);
    expect((await post(t, '/api/chat', CHAT, busy)).statusCode).toBe(200);
    expect((await post(t, '/api/validar-criativos', CREATIVES, await memberCookie(t))).statusCode).toBe(200);
  });
});

describe('with a language model', () => {
  const engineText = async (t: TestApp, cookie: string, url: string, payload: unknown) =>
    (await post(t, url, payload, cookie)).json() as { resposta: string };

  async function withModel(
    behaviour: Behaviour,
    run: (t: TestApp, model: FakeModel, cookie: string) => Promise<void>,
  ) {
    const model = await startFakeModel(behaviour);
    const t = await createTestApp({
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: 'chave-de-teste',
      AI_MODEL: 'modelo-teste',
      AI_TIMEOUT_MS: '1500',
    });
    try {
      await run(t, model, await memberCookie(t));
    } finally {
      await t.close();
      await model.close();
    }
  }

  it("answers with the model's conversation, built on the engine's figures", async () => {
    await withModel('ok', async (t, model, cookie) => {
      const res = await post(t, '/api/chat', CHAT, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        resposta:
          '**Conversa**\n- Seu ROAS de 2,50x está acima de 1,50x: hora de escalar.\n- Lucro de R$ 1.500,00.',
      });
      expect(model.requests).toHaveLength(1);
      const [call] = model.requests;
      expect(call!.path).toBe('/v1/chat/completions');
      expect(call!.auth).toBe('Bearer chave-de-teste');
      expect(call!.body.model).toBe('modelo-teste');
      expect(call!.body.max_tokens).toBe(AI_MAX_TOKENS);
      const messages = call!.body.messages as { role: string; content: string }[];
      expect(messages[0]!.role).toBe('system');
      expect(messages[0]!.content).toContain('Não calcule');
      // The engine's figures travel in the prompt; the member's summary does not.
      expect(messages[1]!.content).toContain('ROAS: 2,50x');
      expect(messages[1]!.content).toContain('Ticket médio com upsells: R$\u00a0111,10');
      expect(messages[1]!.content).not.toContain('Resumo da campanha\n');
    });
  });

  it.each<Behaviour>(['fail', 'hang', 'empty', 'invented'])(
    "falls back to the engine's text when the model answers '%s'",
    async (behaviour) => {
      await withModel(behaviour, async (t, model, cookie) => {
        const chat = await engineText(t, cookie, '/api/chat', CHAT);
        expect(chat.resposta).toContain('**Resumo da campanha**');
        expect(chat.resposta).toContain('ROAS: 2,50x');
        const creatives = await engineText(t, cookie, '/api/validar-criativos', CREATIVES);
        expect(creatives.resposta).toContain('1. Vídeo: ROAS 2,50x');
        expect(model.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(2);
      });
    },
  );
});
