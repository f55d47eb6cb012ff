import { describe, expect, it } from 'vitest';
import { type FunnelDataInput, funnelData } from '../../../shared/schemas/campaign-analysis';
import { analyzeFunnel, computeFunnel } from './funnel-engine';

const parse = (input: FunnelDataInput) => funnelData.parse(input);
const R = (text: string) => text.replaceAll('R$ ', 'R$\u00a0'); // Intl writes 'R$' + a no-break space

describe('computeFunnel', () => {
  it('works the example with two upsells out by hand', () => {
    const f = computeFunnel(
      parse({
        ticketPrincipal: 97,
        upsell1Ticket: 47,
        upsell1Conversao: 30,
        upsellsAdicionais: [{ ticket: 197, conversao: 10 }],
        valorGasto: 1000,
        valorRetornado: 2500,
        vendasPrincipal: 20,
      }),
    );
    // ROAS = 2500 / 1000 = 2.5; ROI = (2500 - 1000) / 1000 = 150%; lucro = 1500; CPA = 1000 / 20 = 50.
    expect(f.roas).toBe(2.5);
    expect(f.roi).toBe(150);
    expect(f.lucro).toBe(1500);
    expect(f.cpa).toBe(50);
    // Upsell 1: 47 × 30% = 14.10 per sale; upsell 2: 197 × 10% = 19.70; AOV = 97 + 14.10 + 19.70 = 130.80.
    expect(f.upsells.map((u) => u.porVenda)).toEqual([expect.closeTo(14.1, 10), expect.closeTo(19.7, 10)]);
    expect(f.ticketMedio).toBeCloseTo(130.8, 10);
    // Share of the AOV: 14.10 / 130.80 = 10.78%; 19.70 / 130.80 = 15.06%. In 20 sales: 282 and 394.
    expect(f.upsells[0]!.participacao).toBeCloseTo(10.78, 2);
    expect(f.upsells[1]!.participacao).toBeCloseTo(15.06, 2);
    expect(f.upsells[0]!.noPeriodo).toBeCloseTo(282, 10);
    expect(f.upsells[1]!.noPeriodo).toBeCloseTo(394, 10);
    // Expected revenue 20 × 130.80 = 2616; break-even ROAS on the main product 97 / 130.80 = 0.7416.
    expect(f.receitaEsperada).toBeCloseTo(2616, 10);
    expect(f.roasEquilibrio).toBe(1);
    expect(f.roasEquilibrioPrincipal).toBeCloseTo(0.7416, 4);
    expect(f.cpaMaximo).toBeCloseTo(130.8, 10);
    // ROAS 2.5 ≥ 1.5 with 20 sales ≥ 5.
    expect(f.verdict).toBe('escalar');
  });

  it.each([
    // [spend, return, sales, verdict]: ROAS = return / spend, main ticket 100, no upsells (max CPA 100).
    [1000, 2000, 4, 'promissor'], // 2.00x but 4 sales < 5
    [1000, 1200, 10, 'otimizar'], // 1.20x
    [1000, 700, 7, 'prejuizo'], // 0.70x
    [1000, 300, 3, 'cortar'], // 0.30x < 0.50x
    [80, 0, 0, 'sem-vendas-testar'], // 80 spent < max CPA 100
    [150, 0, 0, 'sem-vendas-cortar'], // 150 spent ≥ 100
    [0, 500, 5, 'sem-gasto'],
  ] as const)('spend %d, return %d, %d sales: %s', (gasto, retorno, vendas, verdict) => {
    const f = computeFunnel(
      parse({ ticketPrincipal: 100, valorGasto: gasto, valorRetornado: retorno, vendasPrincipal: vendas }),
    );
    expect(f.verdict).toBe(verdict);
  });

  it('has no ROAS, ROI or CPA instead of NaN or Infinity when there is no spend or no sale', () => {
    const f = computeFunnel(
      parse({ ticketPrincipal: 10, valorGasto: 0, valorRetornado: 0, vendasPrincipal: 0 }),
    );
    expect([f.roas, f.roi, f.cpa, f.receitaPorVenda]).toEqual([null, null, null, null]);
    const noSales = computeFunnel(
      parse({ ticketPrincipal: 10, valorGasto: 50, valorRetornado: 0, vendasPrincipal: 0 }),
    );
    // 0 / 50 = 0x, ROI -100%; no CPA without a sale.
    expect([noSales.roas, noSales.roi, noSales.cpa]).toEqual([0, -100, null]);
  });

  it('ignores a blank additional upsell row and numbers the others in order', () => {
    const f = computeFunnel(
      parse({
        ticketPrincipal: 50,
        upsellsAdicionais: [
          { ticket: null, conversao: null },
          { ticket: 20, conversao: 50 },
        ],
        valorGasto: 100,
        valorRetornado: 100,
        vendasPrincipal: 2,
      }),
    );
    // Only one upsell: 20 × 50% = 10; AOV 60.
    expect(f.upsells.map((u) => [u.nome, u.porVenda])).toEqual([['Upsell 1', 10]]);
    expect(f.ticketMedio).toBe(60);
  });
});

describe('analyzeFunnel text', () => {
  it('states the figures in pt-BR with headings and bullet lines', () => {
    const { text } = analyzeFunnel(
      parse({
        ticketPrincipal: 97,
        upsell1Ticket: 47,
        upsell1Conversao: 30,
        valorGasto: 1000,
        valorRetornado: 2500,
        vendasPrincipal: 20,
      }),
    );
    // AOV 97 + 14.10 = 111.10; CPA margin 111.10 - 50 = 61.10; main-product break-even 97 / 111.10 = 0.873.
    for (const line of [
      '**Resumo da campanha**',
      R('- Situação: lucro de R$ 1.500,00 (ROI de 150%).'),
      R('- ROAS: 2,50x (R$ 2.500,00 retornados com R$ 1.000,00 gastos).'),
      R('- CPA: R$ 50,00 por venda (20 vendas).'),
      R(
        '- Upsell 1: R$ 47,00 com 30% de conversão = R$ 14,10 por venda (12,69% do ticket médio; R$ 282,00 nas 20 vendas).',
      ),
      R('- Ticket médio com upsells: R$ 111,10 por venda.'),
      R('- Receita esperada pelo funil: R$ 2.222,00 (20 vendas × R$ 111,10).'),
      '- Olhando só o produto principal, o equilíbrio é 0,87x: os upsells completam o resto.',
      R('Seu CPA de R$ 50,00 está R$ 61,10 abaixo do limite.'),
      R('- Cada ponto percentual a mais de conversão no Upsell 1 soma R$ 0,47 por venda ao ticket médio.'),
      '**Regras usadas**',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('points out a returned amount far from what the funnel predicts, and writes the loss targets', () => {
    const { text } = analyzeFunnel(
      parse({ ticketPrincipal: 100, valorGasto: 1000, valorRetornado: 800, vendasPrincipal: 10 }),
    );
    // Expected 10 × 100 = 1000; 800 is 20% below: not over the 20% tolerance, so no warning.
    expect(text).not.toContain('Atenção');
    // ROAS 0.80x: to break even the CPA (1000 / 10 = 100) must fall to the revenue per sale 800 / 10 = 80.
    expect(text).toContain(R('o CPA precisa cair de R$ 100,00 para R$ 80,00'));
    expect(text).toContain(R('- Situação: prejuízo de R$ 200,00 (ROI de -20%).'));
    const far = analyzeFunnel(
      parse({ ticketPrincipal: 100, valorGasto: 1000, valorRetornado: 500, vendasPrincipal: 10 }),
    );
    // 500 vs 1000 expected: 50% below.
    expect(far.text).toContain(
      R('- Atenção: o valor retornado (R$ 500,00) está 50% abaixo da receita esperada'),
    );
  });

  it('writes the optimize target for a thin profit', () => {
    const { text } = analyzeFunnel(
      parse({ ticketPrincipal: 60, valorGasto: 1000, valorRetornado: 1200, vendasPrincipal: 20 }),
    );
    // Revenue per sale 1200 / 20 = 60; for 1.50x the CPA must fall to 60 / 1.5 = 40.
    expect(text).toContain(R('com a mesma receita por venda (R$ 60,00), o CPA precisa cair para R$ 40,00.'));
  });
});
