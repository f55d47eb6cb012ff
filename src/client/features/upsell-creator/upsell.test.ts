import { describe, expect, it } from 'vitest';
import {
  addBenefit,
  addUpsell,
  buildUpsellMarkdown,
  emptyStrategy,
  parseStoredStrategy,
  removeBenefit,
  removeUpsell,
  type UpsellStrategy,
  upsellDiscount,
} from './upsell';

describe('upsellDiscount', () => {
  it('takes the number field values: numbers, and text read by the same rule', () => {
    expect(upsellDiscount(297, 197)).toBe(34);
    expect(upsellDiscount(1497, '997,00')).toBe(33); // 500 / 1497 = 33.4% -> 33
    expect(upsellDiscount(null, 50)).toBeNull();
    expect(upsellDiscount('1,497.00', 997)).toBeNull();
  });

  it('is the whole percent off the original price', () => {
    expect(upsellDiscount('297', '197')).toBe(34); // 100 / 297 = 33.67% -> 34
    expect(upsellDiscount('300', '200')).toBe(33); // 33.33% -> 33
    expect(upsellDiscount('200', '175')).toBe(13); // 12.5% -> 13 (half rounds up)
    expect(upsellDiscount('1.000,00', '999,99')).toBe(0); // 0.001% -> 0
    expect(upsellDiscount('R$ 97,00', '0')).toBe(100);
    expect(upsellDiscount('49,90', '29,90')).toBe(40); // 20 / 49.9 = 40.08% -> 40
  });

  it('is blank unless both prices are amounts and the original is greater', () => {
    expect(upsellDiscount('', '100')).toBeNull();
    expect(upsellDiscount('100', '')).toBeNull();
    expect(upsellDiscount('cem', '50')).toBeNull();
    expect(upsellDiscount('100', '100')).toBeNull();
    expect(upsellDiscount('100', '150')).toBeNull();
    expect(upsellDiscount('0', '0')).toBeNull();
  });
});

describe('upsells and benefits', () => {
  it('starts with one upsell with one empty benefit', () => {
    const { upsells } = emptyStrategy();
    expect(upsells).toHaveLength(1);
    expect(upsells[0]?.benefits).toEqual(['']);
  });

  it('removes an upsell only while more than one remains', () => {
    const one = emptyStrategy().upsells;
    expect(removeUpsell(one, one[0]!.id)).toEqual(one);
    const two = addUpsell(one);
    expect(two).toHaveLength(2);
    expect(removeUpsell(two, two[0]!.id)).toEqual([two[1]]);
  });

  it('always keeps one benefit entry', () => {
    expect(removeBenefit(['a'], 0)).toEqual(['']);
    expect(removeBenefit(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(addBenefit(['a'])).toEqual(['a', '']);
  });
});

describe('buildUpsellMarkdown', () => {
  const strategy: UpsellStrategy = {
    mainProduct: 'Curso_Base',
    mainProductPrice: 97,
    upsells: [
      {
        id: 'u1',
        name: 'Versão <Premium>',
        type: 'Versão Premium',
        originalPrice: 297,
        upsellPrice: 197,
        description: '# Tudo do básico\nmais mentoria',
        benefits: ['Mentoria em grupo', '', '1. Acesso vitalício'],
        urgency: 'Oferta única',
      },
      {
        id: 'u2',
        name: '',
        type: '',
        originalPrice: 100,
        upsellPrice: 120,
        description: '',
        benefits: [''],
        urgency: '',
      },
    ],
  };

  it('writes the strategy with the discount and the member text escaped', () => {
    expect(buildUpsellMarkdown(strategy)).toBe(
      [
        '# Estratégia de upsells: Curso\\_Base',
        '',
        '## Produto principal',
        '',
        '- **Produto:** Curso\\_Base',
        '- **Preço:** R$ 97,00',
        '',
        '## Ofertas de upsell',
        '',
        '### Upsell 1: Versão \\<Premium\\>',
        '',
        '- **Tipo:** Versão Premium',
        '- **Preço original:** R$ 297,00',
        '- **Preço do upsell:** R$ 197,00',
        '- **Desconto:** 34%',
        '- **Urgência:** Oferta única',
        '',
        '\\# Tudo do básico',
        'mais mentoria',
        '',
        '**Benefícios:**',
        '',
        '- Mentoria em grupo',
        '- 1\\. Acesso vitalício',
        '',
        '### Upsell 2: Sem nome',
        '',
        '- **Tipo:** Não informado',
        '- **Preço original:** R$ 100,00',
        '- **Preço do upsell:** R$ 120,00',
        '- **Desconto:** —',
        '- **Urgência:** Não informado',
        '',
      ].join('\n'),
    );
  });

  it('reads prices saved as text before the number field by the same rule', () => {
    const saved = JSON.parse(JSON.stringify(strategy));
    const read = parseStoredStrategy({
      ...saved,
      mainProductPrice: '97,00',
      upsells: [{ ...saved.upsells[0], originalPrice: '1.497', upsellPrice: 'barato' }],
    });
    expect(read?.mainProductPrice).toBe(97);
    expect(read?.upsells[0]).toMatchObject({ originalPrice: 1497, upsellPrice: 'barato' });
  });

  it('reads back a saved strategy and refuses what is not one', () => {
    const saved = JSON.parse(JSON.stringify(strategy));
    expect(parseStoredStrategy(saved)).toEqual(strategy);
    expect(parseStoredStrategy({ ...saved, upsells: [] })).toBeNull();
    expect(
      parseStoredStrategy({ ...saved, upsells: [{ ...saved.upsells[0], benefits: [] }] })?.upsells[0]
        ?.benefits,
    ).toEqual(['']);
    expect(parseStoredStrategy(42)).toBeNull();
  });
});
