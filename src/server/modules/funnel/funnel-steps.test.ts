import { describe, expect, it } from 'vitest';
import type { FunnelStep } from '../../../shared/schemas/funnel';
import { classifyStep, normalisePath, normaliseText, STEP_RULES } from './funnel-steps';

const step = (
  path: string,
  title = '',
  headings: string[] = [],
  inboundTexts: string[] = [],
  sells = false,
) => classifyStep({ url: new URL(path, 'https://site.example.com'), title, headings, inboundTexts, sells });

describe('normalisation', () => {
  it('lowercases, strips accents and separates words', () => {
    expect(normalisePath('/Área-de-Membros/Login.php')).toBe('/area-de-membros/login-php/');
    expect(normalisePath('/%C3%A1rea_do_aluno/')).toBe('/area-do-aluno/');
    expect(normalisePath('/%E0%A4%A')).toBe('/e0-a4-a/');
    expect(normaliseText('  Não, OBRIGADO!  ')).toBe('nao obrigado');
  });
});

describe('each rule', () => {
  // Per rule: [path words, a title, an inbound link text] that each place a page on the rule's step.
  const examples: Record<string, { paths: string[]; titles: string[]; inbound: string[] }> = {
    institucional: {
      paths: ['/politica-de-privacidade', '/termos-de-uso', '/sobre', '/contato'],
      titles: ['Política de Privacidade', 'Terms of Service', 'Términos y condiciones'],
      inbound: ['Fale conosco'],
    },
    'back-redirect': {
      paths: [
        '/backredirect',
        '/back-redirect',
        '/back',
        '/volta',
        '/produto/exit-popup',
        '/oferta-de-volta',
      ],
      titles: ['Antes de sair...', "Wait, don't leave!", 'No te vayas'],
      inbound: ['Antes de ir embora'],
    },
    downsell: {
      paths: ['/downsell', '/downsell2', '/ds1', '/ultima-chance', '/last-chance', '/produto/down'],
      titles: ['Espere! Uma última chance', 'Última oportunidad', 'Wait! Last chance'],
      inbound: ['Não, obrigado', 'No thanks, I will pass', 'No gracias', 'Não quero essa oferta'],
    },
    upsell: {
      paths: [
        '/upsell',
        '/up1',
        '/oto',
        '/oto-2',
        '/oferta-especial',
        '/oferta-unica',
        '/one-time-offer',
        '/produto-upsell',
      ],
      titles: ['Oferta Especial', 'Oferta única para você', 'One-Time Offer', 'Oferta exclusiva'],
      inbound: ['Adicionar ao meu pedido', 'Add this to my order'],
    },
    obrigado: {
      paths: [
        '/obrigado',
        '/obrigada-2',
        '/thank-you',
        '/gracias',
        '/compra-aprovada',
        '/typ',
        '/produto/obrigado',
      ],
      titles: ['Obrigado pela compra!', 'Thank you for your order', '¡Gracias!', 'Compra confirmada'],
      inbound: ['Compra confirmada'],
    },
    checkout: {
      paths: ['/checkout', '/pagamento', '/finalizar-compra', '/pago', '/carrinho', '/cart', '/pix'],
      titles: ['Finalizar compra', 'Checkout seguro', 'Pago seguro', 'Complete your order'],
      inbound: ['Comprar agora', 'Buy now', 'Comprar ahora'],
    },
    membros: {
      paths: [
        '/membros',
        '/area-de-membros',
        '/members',
        '/login',
        '/miembros',
        '/area-do-aluno',
        '/minha-conta',
      ],
      titles: ['Área de Membros', 'Members area', 'Área de miembros', 'Login', 'Iniciar sesión'],
      inbound: ['Membros', 'Entrar', 'Acesse sua área'],
    },
    quiz: {
      paths: ['/quiz', '/quiz-2', '/questionario', '/cuestionario', '/diagnostico'],
      titles: ['Descubra seu perfil', 'Descubre tu perfil', 'Take the quiz', 'Questionário'],
      inbound: ['Faça o teste', 'Haz el test'],
    },
    vendas: {
      paths: ['/vsl', '/vsl2', '/vendas', '/pv', '/oferta', '/sales', '/ventas', '/lp1'],
      titles: ['Assista ao vídeo até o final', 'Watch this video', 'Mira el video', 'Página de vendas'],
      inbound: ['Assista à aula', 'Mira el video'],
    },
  };

  it('has examples for every rule', () => {
    expect(Object.keys(examples).sort()).toEqual(STEP_RULES.map((r) => r.name).sort());
  });

  for (const rule of STEP_RULES) {
    const example = examples[rule.name]!;
    it(`${rule.name}: path words`, () => {
      for (const path of example.paths) expect(step(path), path).toBe(rule.step);
    });
    it(`${rule.name}: title`, () => {
      for (const title of example.titles) expect(step('/', title), title).toBe(rule.step);
    });
    it(`${rule.name}: inbound link texts`, () => {
      for (const text of example.inbound) expect(step('/', '', [], [text]), text).toBe(rule.step);
    });
  }
});

describe('weights', () => {
  it('path words weigh more than the title, the title more than the first heading or the link texts', () => {
    expect(step('/obrigado', 'Oferta especial')).toBe('Obrigado');
    expect(step('/', 'Obrigado!', ['Oferta especial'])).toBe('Obrigado');
    expect(step('/', 'Obrigado!', [], ['Oferta especial'])).toBe('Obrigado');
  });

  it('the path wins a tie; title, first heading and link texts all agreeing outweigh it', () => {
    expect(
      step('/checkout', 'Obrigado pela compra', ['Seu acesso chegou por e-mail'], ['Compra confirmada']),
    ).toBe('Checkout');
    expect(step('/checkout', 'Obrigado pela compra', ['Obrigado!'], ['Compra confirmada'])).toBe('Obrigado');
  });

  it('only the first heading counts (a sidebar widget says nothing of the page)', () => {
    expect(step('/', 'Sobre a autora', ['Quem é Ana', 'Obrigado por visitar'])).toBe('Outra');
  });

  it('a decline link is the way to a downsell, not a thank-you page', () => {
    expect(step('/', '', [], ['Não, obrigado. Prefiro perder essa chance'])).toBe('Downsell');
  });

  it('the inbound texts vote by majority', () => {
    expect(step('/', '', [], ['Área de membros', 'Login', 'Obrigado'])).toBe('Área de membros');
  });

  it("'Outra' when nothing matches; a page no word places that sells is the sales page", () => {
    expect(step('/', 'Método Escala', ['Seu negócio no próximo nível'])).toBe('Outra');
    expect(step('/', 'Método Escala', ['Seu negócio no próximo nível'], [], true)).toBe(
      'Página de vendas / VSL',
    );
    // A word placed it: selling does not move it.
    expect(step('/oferta-especial', '', [], [], true)).toBe('Upsell');
    expect(step('/politica-de-privacidade', '', [], [], true)).toBe('Outra');
  });

  it('does not read words inside other words', () => {
    expect(step('/sign-up')).toBe('Outra');
    expect(step('/backup-do-site')).toBe('Outra');
    expect(step('/', 'Tudo sobre emagrecer')).toBe('Outra');
  });
});

describe('whole funnels', () => {
  const funnel = (pages: Array<[string, string, string[], string[]]>) =>
    pages.map(([path, title, headings, inbound]) => step(path, title, headings, inbound));

  it('Portuguese', () => {
    expect(
      funnel([
        ['/vsl', 'Método Escala | Assista ao vídeo', ['Assista até o final'], []],
        ['/quiz', 'Descubra seu perfil de investidor', ['Pergunta 1 de 5'], ['Começar']],
        ['/checkout', 'Finalizar compra', ['Pagamento seguro'], ['Quero garantir minha vaga']],
        ['/up1', 'Oferta especial só para você', ['Espere, seu pedido ainda não terminou'], ['Continuar']],
        ['/ds1', 'Última chance', ['Versão compacta'], ['Não, obrigado']],
        ['/obrigado', 'Obrigado pela compra!', ['Seu acesso chegou no e-mail'], []],
        ['/area-de-membros', 'Área de Membros', ['Entrar'], ['Acessar a plataforma']],
        ['/back', 'Espere!', ['Antes de sair, um presente'], []],
      ]),
    ).toEqual([
      'Página de vendas / VSL',
      'Quiz',
      'Checkout',
      'Upsell',
      'Downsell',
      'Obrigado',
      'Área de membros',
      'Back-redirect',
    ] satisfies FunnelStep[]);
  });

  it('English', () => {
    expect(
      funnel([
        ['/sales', 'Watch this video before it goes down', [], []],
        ['/survey', 'Take the quiz', ['Question 1'], []],
        ['/order-form', 'Complete your order', [], ['Buy now']],
        ['/one-time-offer', 'Special offer', [], []],
        ['/last-chance', 'Wait!', [], ['No thanks']],
        ['/thank-you', 'Thank you for your purchase', [], []],
        ['/members', 'Members area', ['Sign in'], []],
        ['/exit', 'Before you go', [], []],
      ]),
    ).toEqual([
      'Página de vendas / VSL',
      'Quiz',
      'Checkout',
      'Upsell',
      'Downsell',
      'Obrigado',
      'Área de membros',
      'Back-redirect',
    ] satisfies FunnelStep[]);
  });

  it('Spanish', () => {
    expect(
      funnel([
        ['/ventas', 'Mira el video completo', [], []],
        ['/cuestionario', 'Descubre tu perfil', [], []],
        ['/pago', 'Finalizar pago', [], ['Comprar ahora']],
        ['/oferta-unica', 'Oferta única', [], []],
        ['/ultima-oportunidad', '¡Espera!', [], ['No gracias']],
        ['/gracias', '¡Gracias por tu compra!', [], []],
        ['/miembros', 'Área de miembros', ['Iniciar sesión'], []],
        ['/volta', 'No te vayas', [], []],
      ]),
    ).toEqual([
      'Página de vendas / VSL',
      'Quiz',
      'Checkout',
      'Upsell',
      'Downsell',
      'Obrigado',
      'Área de membros',
      'Back-redirect',
    ] satisfies FunnelStep[]);
  });
});
