import { describe, expect, it } from 'vitest';
import {
  addModule,
  blankBonus,
  buildProductMarkdown,
  emptyProduct,
  type Product,
  parseStoredProduct,
  removeModule,
} from './product';

const product: Product = {
  name: 'Método *Seca* #1',
  type: 'Curso Online',
  niche: 'Saúde',
  price: 197.9,
  targetAudience: 'Mulheres\nacima de 40',
  mainProblem: 'Não conseguem emagrecer',
  solution: 'Cardápio + treino',
  modules: [
    {
      id: 'm1',
      name: 'Boas-vindas',
      description: 'Como usar o curso',
      content: '- vídeo 1\n- vídeo 2',
      order: 1,
    },
    { id: 'm2', name: '', description: '', content: '', order: 2 },
  ],
  bonuses: [
    { id: 'b1', name: 'Lista de compras', value: 47, description: 'PDF com a lista [completa]' },
    // Text the number field could not read is written as typed and left out of the total.
    { id: 'b2', name: 'Grupo VIP', value: 'grátis', description: '' },
    { id: 'b3', name: 'Planilha', value: 1000.5, description: '' },
  ],
  guarantee: '7 dias de garantia.\n\nDevolvemos 100% do valor.',
};

describe('buildProductMarkdown', () => {
  it('writes every section with the member text escaped', () => {
    expect(buildProductMarkdown(product)).toBe(
      [
        '# Método \\*Seca\\* \\#1',
        '',
        '## Informações básicas',
        '',
        '- **Tipo:** Curso Online',
        '- **Nicho:** Saúde',
        '- **Preço:** R$ 197,90',
        '- **Público-alvo:** Mulheres acima de 40',
        '- **Problema principal:** Não conseguem emagrecer',
        '- **Solução:** Cardápio + treino',
        '',
        '## Módulos',
        '',
        '### Módulo 1: Boas-vindas',
        '',
        'Como usar o curso',
        '',
        '**Conteúdo:**',
        '',
        '\\- vídeo 1',
        '\\- vídeo 2',
        '',
        '### Módulo 2: Sem nome',
        '',
        '## Bônus',
        '',
        '### Bônus 1: Lista de compras',
        '',
        '- **Valor:** R$ 47,00',
        '',
        'PDF com a lista \\[completa\\]',
        '',
        '### Bônus 2: Grupo VIP',
        '',
        '- **Valor:** grátis',
        '',
        '### Bônus 3: Planilha',
        '',
        '- **Valor:** R$ 1.000,50',
        '',
        '**Valor total em bônus:** R$ 1.047,50',
        '',
        '## Garantia',
        '',
        '7 dias de garantia.',
        '',
        'Devolvemos 100% do valor.',
        '',
      ].join('\n'),
    );
  });

  it('says what was left blank', () => {
    const md = buildProductMarkdown(emptyProduct());
    expect(md).toContain('# Produto sem nome\n');
    expect(md).toContain('- **Tipo:** Não informado\n- **Nicho:** Não informado\n- **Preço:** Não informado');
    expect(md).toContain(
      '### Módulo 1: Sem nome\n\n## Bônus\n\nNenhum bônus.\n\n## Garantia\n\nNão informado\n',
    );
  });
});

describe('modules', () => {
  it('starts with one module; adding gives the next number; removal keeps at least one and renumbers', () => {
    const start = emptyProduct().modules;
    expect(start.map((m) => m.order)).toEqual([1]);
    expect(removeModule(start, start[0]!.id)).toHaveLength(1);
    const three = addModule(addModule(start));
    expect(three.map((m) => m.order)).toEqual([1, 2, 3]);
    expect(new Set(three.map((m) => m.id)).size).toBe(3);
    const two = removeModule(three, three[1]!.id);
    expect(two.map((m) => [m.id, m.order])).toEqual([
      [three[0]!.id, 1],
      [three[2]!.id, 2],
    ]);
    expect(addModule(two).map((m) => m.order)).toEqual([1, 2, 3]);
  });
});

describe('parseStoredProduct', () => {
  it('reads back a saved product and refuses what is not one', () => {
    const saved = JSON.parse(JSON.stringify({ ...product, bonuses: [blankBonus()] }));
    const read = parseStoredProduct(saved);
    expect(read?.name).toBe(product.name);
    expect(read?.modules.map((m) => m.order)).toEqual([1, 2]);
    expect(read?.bonuses).toHaveLength(1);
    expect(parseStoredProduct(null)).toBeNull();
    expect(parseStoredProduct({ ...saved, modules: [] })).toBeNull();
    expect(parseStoredProduct('texto')).toBeNull();
    // An unknown type from a hand-edited storage is dropped, not trusted.
    expect(parseStoredProduct({ ...saved, type: 'Outro' })?.type).toBe('');
  });

  it('reads prices saved as text before the number field by the same rule', () => {
    const saved = JSON.parse(JSON.stringify(product));
    const read = parseStoredProduct({
      ...saved,
      price: '197,90',
      bonuses: [
        { ...saved.bonuses[0], value: '1.000' },
        { ...saved.bonuses[1], value: 'grátis' },
        { ...saved.bonuses[2], value: '' },
      ],
    });
    expect(read?.price).toBe(197.9);
    expect(read?.bonuses.map((b) => b.value)).toEqual([1000, 'grátis', null]);
    expect(parseStoredProduct({ ...saved, price: { x: 1 } })?.price).toBeNull();
  });
});
