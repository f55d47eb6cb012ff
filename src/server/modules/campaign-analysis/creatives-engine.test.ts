import { describe, expect, it } from 'vitest';
import { type CreativeItem, creativeItem } from '../../../shared/schemas/campaign-analysis';
import { analyzeCreatives } from './creatives-engine';
import { numbersNotIn } from './language-model';

const items = (list: Record<string, unknown>[]): CreativeItem[] => list.map((c) => creativeItem.parse(c));
const R = (text: string) => text.replaceAll('R$ ', 'R$\u00a0');

const THREE = items([
  { nome: 'Vídeo', quantoGastou: 100, quantoVoltou: 250, cliques: 200, ic: 20, ctr: 2, cpm: 28, cpc: 0.5 },
  {
    nome: 'Carrossel',
    quantoGastou: 100,
    quantoVoltou: 60,
    cliques: 120,
    ic: 6,
    ctr: 1.2,
    cpm: 36,
    cpc: 0.83,
  },
  { nome: 'Imagem', quantoGastou: 20, quantoVoltou: 0, cliques: 15, ic: 0, ctr: 0.8, cpm: 42, cpc: 1.33 },
  { nome: 'Novo' },
  { nome: '   ' },
]);

describe('analyzeCreatives', () => {
  it('ranks by ROAS and decides with the stated rules (worked by hand)', () => {
    const a = analyzeCreatives(THREE);
    // The blank card is left out. ROAS: Vídeo 250/100 = 2.5; Carrossel 60/100 = 0.6; Imagem 0/20 = 0; Novo none.
    expect(a.creatives.map((c) => [c.nome, c.roas, c.decisao])).toEqual([
      ['Vídeo', 2.5, 'escalar'], // ≥ 1.50x and R$ 100 ≥ R$ 50
      ['Carrossel', 0.6, 'cortar'], // < 1.00x and R$ 100 ≥ R$ 50
      ['Imagem', 0, 'testar'], // < 1.00x but R$ 20 < R$ 50 and 15 < 100 clicks
      ['Novo', null, 'testar'], // no spend
    ]);
    // Totals 100 + 100 + 20 = 220 spent, 250 + 60 = 310 back: ROAS 310 / 220 = 1.409.
    expect(a.totalGasto).toBe(220);
    expect(a.totalRetorno).toBe(310);
    expect(a.roasGeral).toBeCloseTo(1.409, 3);
    // Cost per IC: 100 / 20 = 5; 100 / 6 = 16.67; Imagem has 0 IC: none. IC rate: 20/200 = 10%; 6/120 = 5%; 0%.
    expect(a.creatives.map((c) => c.custoPorIc)).toEqual([5, expect.closeTo(16.667, 3), null, null]);
    expect(a.creatives.map((c) => c.taxaIc)).toEqual([10, 5, 0, null]);
  });

  it('compares each metric with the mean of the creatives that have it', () => {
    const { text } = analyzeCreatives(THREE);
    // CTR mean (2 + 1.2 + 0.8) / 3 = 1.333: Vídeo +50%, Carrossel -10% (within 15%: the mean), Imagem -40%.
    expect(text).toContain('- CTR de 2%: 50% acima da média dos criativos (1,33%), um ponto forte.');
    expect(text).toContain('- CTR de 1,2%: na média dos criativos (1,33%).');
    expect(text).toContain('- CTR de 0,8%: 40% abaixo da média dos criativos (1,33%), um ponto fraco.');
    // CPC mean (0.5 + 0.83 + 1.33) / 3 = 0.8867: Vídeo (0.5 - 0.8867) / 0.8867 = -43.6% -> 44%, lower is better.
    expect(text).toContain(
      R('- CPC de R$ 0,50: 44% abaixo da média dos criativos (R$ 0,89), um ponto forte.'),
    );
    // Cost per IC mean (5 + 16.667) / 2 = 10.83: Carrossel +53.8% -> 54%, a weak point.
    expect(text).toContain(
      R('- Custo por IC de R$ 16,67: 54% acima da média dos criativos (R$ 10,83), um ponto fraco.'),
    );
    expect(text).toContain('1. Vídeo: ROAS 2,50x');
    expect(text).toContain(R('2. Carrossel: ROAS 0,60x, prejuízo de R$ 40,00 (Cortar)'));
    expect(text).toContain('4. Novo: sem gasto informado (Continuar testando)');
    expect(text).toContain('- Decisões: 1 para escalar, 2 para continuar testando, 1 para cortar.');
    expect(text).toContain('- Maior CTR: Vídeo (2%).');
    expect(text).not.toMatch(/NaN|Infinity|undefined/);
  });

  it('keeps a promising creative in test until it has enough data, and derives CPC from spend and clicks', () => {
    const a = analyzeCreatives(items([{ nome: 'Teste', quantoGastou: 30, quantoVoltou: 90, cliques: 60 }]));
    // ROAS 90 / 30 = 3.00x but R$ 30 < R$ 50 and 60 < 100 clicks; CPC 30 / 60 = 0.50.
    expect(a.creatives[0]!.decisao).toBe('testar');
    expect(a.creatives[0]!.cpc).toBe(0.5);
    expect(a.text).toContain('ROAS de 3,00x é promissor, mas ainda são poucos dados');
    // One creative: no comparisons, no highlights.
    expect(a.text).not.toContain('média dos criativos');
    expect(a.text).not.toContain('**Destaques**');
  });

  it('judges on clicks alone when the spend is small, and names unnamed creatives by position', () => {
    const a = analyzeCreatives(items([{ quantoGastou: 40, quantoVoltou: 20, cliques: 150 }]));
    // 150 clicks ≥ 100 is enough data; ROAS 20 / 40 = 0.50x < 1.00x: cut.
    expect(a.creatives[0]).toMatchObject({ nome: 'Criativo 1', decisao: 'cortar', dadosSuficientes: true });
  });

  it('keeps a name on one line without markup', () => {
    const a = analyzeCreatives(items([{ nome: '**Topo**\n- falso item', quantoGastou: 10 }]));
    expect(a.creatives[0]!.nome).toBe('Topo - falso item');
  });
});

describe('numbersNotIn', () => {
  it('finds the numbers a model wrote that the engine did not, ignoring list markers', () => {
    const source = '- ROAS: 2,50x\n- Lucro de R$ 1.500,00 com 20 vendas.';
    expect(numbersNotIn('1. ROAS de 2,50x e lucro de R$ 1.500,00.\n2. São 20 vendas.', source)).toEqual([]);
    expect(numbersNotIn('O ROAS foi 2,5x e o lucro R$ 1500.', source)).toEqual(['2,5', '1500']);
  });
});
