import { describe, expect, it } from 'vitest';
import {
  buildVslScript,
  canGenerateVsl,
  EMPTY_VSL_FORM,
  isVslPriceUnreadable,
  VSL_TEMPLATES,
  type VslForm,
  vslPriceText,
} from './vsl-script';

const template = (id: string) => {
  const found = VSL_TEMPLATES.find((t) => t.id === id);
  if (!found) throw new Error(id);
  return found;
};

const form: VslForm = {
  productName: 'Método Seca Rápido',
  price: 197.9,
  niche: 'Saúde',
  tone: 'Urgente',
  targetAudience: 'mulheres acima de 40 anos',
  mainProblem: 'a dificuldade de emagrecer depois da menopausa.',
  solution: 'Um protocolo de 21 dias com cardápio pronto\ne treinos de 15 minutos',
  bonuses: 'Lista de compras e grupo VIP',
};

describe('the VSL templates', () => {
  it('are the four of the spec, each with seven sections', () => {
    expect(VSL_TEMPLATES.map((t) => [t.id, t.category, t.duration])).toEqual([
      ['problema-solucao', 'Clássico', '3-5 min'],
      ['historia-pessoal', 'Storytelling', '5-8 min'],
      ['revelacao-secreta', 'Mistério', '4-6 min'],
      ['demonstracao', 'Educacional', '6-10 min'],
    ]);
    for (const t of VSL_TEMPLATES) expect(t.structure).toHaveLength(7);
  });
});

describe('buildVslScript', () => {
  it('writes the fixed-time script from the form', () => {
    expect(buildVslScript(template('problema-solucao'), form)).toBe(
      [
        'ROTEIRO DE VSL: Método Seca Rápido',
        'Modelo: Problema e Solução (Clássico, 3-5 min)',
        'Estrutura: Gancho > Problema > Agitação > Solução > Prova > Oferta > Chamada para ação',
        'Nicho: Saúde | Tom: Urgente',
        'Público-alvo: mulheres acima de 40 anos',
        '',
        '[0-15s] GANCHO',
        'Atenção, mulheres acima de 40 anos: se você ainda sofre com a dificuldade de emagrecer depois da menopausa, preste muita atenção nos próximos minutos.',
        '',
        '[15-60s] PROBLEMA',
        'Você já tentou de tudo e continua enfrentando a dificuldade de emagrecer depois da menopausa. Isso não é culpa sua: a maioria das soluções para mulheres acima de 40 anos não ataca a causa do problema. E cada dia que passa sem resolver isso custa caro.',
        '',
        '[60-180s] SOLUÇÃO',
        'Foi para isso que criamos Método Seca Rápido. Um protocolo de 21 dias com cardápio pronto e treinos de 15 minutos. Assim você tem um caminho simples e direto para deixar a dificuldade de emagrecer depois da menopausa para trás.',
        '',
        '[180-240s] OFERTA',
        'Hoje você pode garantir Método Seca Rápido por apenas R$ 197,90.',
        'E garantindo agora, você ainda leva de bônus: Lista de compras e grupo VIP.',
        '',
        '[240-300s] CHAMADA PARA AÇÃO',
        'Clique no botão abaixo deste vídeo e garanta Método Seca Rápido por R$ 197,90. Não deixe para depois: esta condição pode sair do ar a qualquer momento.',
        '',
      ].join('\n'),
    );
  });

  it('uses XX for an empty price, placeholders for blank fields, and the template hook', () => {
    const script = buildVslScript(template('revelacao-secreta'), {
      ...EMPTY_VSL_FORM,
      productName: 'Curso X',
      niche: 'Dinheiro',
    });
    expect(script).toContain(
      '[0-15s] GANCHO\nExiste um segredo sobre [problema principal] que quase ninguém conta para [público-alvo]. Hoje eu vou revelar esse segredo para você.',
    );
    expect(script).toContain('Foi para isso que criamos Curso X. [solução]. Assim');
    expect(script).toContain(
      '[180-240s] OFERTA\nHoje você pode garantir Curso X por apenas R$ XX.\n\n[240-300s]',
    );
    expect(script).toContain('garanta Curso X por R$ XX. Estou te esperando do outro lado!');
    expect(script).toContain('Nicho: Dinheiro | Tom: Amigável');
    expect(script.match(/^\[\d+-\d+s\] /gm)).toEqual([
      '[0-15s] ',
      '[15-60s] ',
      '[60-180s] ',
      '[180-240s] ',
      '[240-300s] ',
    ]);
  });

  it('opens each template with its own hook', () => {
    const hooks = VSL_TEMPLATES.map((t) => buildVslScript(t, form).split('\n')[7]);
    expect(new Set(hooks).size).toBe(4);
    expect(hooks[3]).toBe(
      'Nos próximos minutos eu vou te mostrar, na prática, como Método Seca Rápido resolve a dificuldade de emagrecer depois da menopausa.',
    );
  });
});

describe('price and the Generate rule', () => {
  it('formats the price in reais or says XX', () => {
    expect(vslPriceText(null)).toBe('R$ XX');
    expect(vslPriceText('  ')).toBe('R$ XX');
    expect(vslPriceText(97)).toBe('R$ 97,00');
    expect(vslPriceText(1497.5)).toBe('R$ 1.497,50');
    expect(isVslPriceUnreadable('97 reais')).toBe(true);
    expect(isVslPriceUnreadable(null)).toBe(false);
    expect(isVslPriceUnreadable(47)).toBe(false);
  });

  it('needs a template, a product name and a niche', () => {
    const t = template('demonstracao');
    const ok = { ...EMPTY_VSL_FORM, productName: 'Curso', niche: 'Educação' as const };
    expect(canGenerateVsl(t, ok)).toBe(true);
    expect(canGenerateVsl(null, ok)).toBe(false);
    expect(canGenerateVsl(t, { ...ok, productName: '  ' })).toBe(false);
    expect(canGenerateVsl(t, { ...ok, niche: '' })).toBe(false);
    expect(canGenerateVsl(t, { ...ok, price: 'abc' })).toBe(false);
  });
});
