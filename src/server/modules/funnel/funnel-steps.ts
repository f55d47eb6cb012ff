import type { FunnelStep } from '../../../shared/schemas/funnel';

/**
 * Which funnel step a page is, from its words: the path, the title, the first heading and the texts of the links
 * other found pages point to it with. Portuguese, English and Spanish vocabularies; accents and case never matter.
 *
 * Each source votes for one step: the FIRST rule of the table that matches it (the table goes from the most
 * specific words to the most general, so 'oferta especial' is an upsell before 'oferta' is a sales page, and
 * 'não, obrigado' is the way to a downsell before 'obrigado' is a thank-you page). Votes weigh: path 3, title 2,
 * first heading 1, inbound link texts 1 (their majority). The step with the most weight wins; on a tie, the step
 * of the heaviest source. So the path wins against the title and heading together (a tie); only title, first
 * heading and link texts all agreeing outweigh it. No vote: 'Outra'.
 * Only the first heading counts: later ones (a sidebar widget's 'Obrigado por visitar', a sales page's
 * 'Oferta especial' section) say little about the page.
 *
 * A page no word places (typically the landing page at the root: '/', a product name as title) that sells, i.e.
 * links to a checkout or plays a video (`sells`, from what the page holds), is the sales page / VSL. A page a word
 * places stays there: an upsell links to a checkout too, and an institutional page with a video is still 'Outra'.
 */
export interface StepRule {
  step: FunnelStep;
  /** What the rule is about, for tests and logs. */
  name: string;
  /** Tested against the normalised path: '/segment/other-segment/' (lowercase, no accents, '-' between words). */
  path?: RegExp;
  /** Tested against a normalised text (title, heading, link text): lowercase, no accents, words and spaces. */
  text?: RegExp;
}

/** Words anywhere in the path (between '/' or '-'), each optionally numbered: 'obrigado', 'upsell-2', 'oto1'. */
const pathWords = (...words: string[]) => `(?<=[/-])(?:${words.join('|')})(?:-?\\d{1,2})?(?=[/-])`;
/** A whole path segment only (short words that are parts of other phrases: 'up' is not 'sign-up'). */
const pathSegments = (...words: string[]) => `(?<=/)(?:${words.join('|')})(?:-?\\d{1,2})?(?=/)`;
const path = (...patterns: string[]) => new RegExp(patterns.join('|'));
const text = (...phrases: string[]) => new RegExp(`(?:^| )(?:${phrases.join('|')})(?= |$)`);

// biome-ignore format: vocabularies read better packed
export const STEP_RULES: readonly StepRule[] = [
  {
    step: 'Outra',
    name: 'institucional',
    path: path(pathSegments('sobre', 'sobre-nos', 'quem-somos', 'about', 'about-us', 'contato', 'contact', 'contacto', 'blog', 'faq', 'ajuda', 'help'), pathWords('privacidade', 'privacidad', 'privacy', 'termos', 'terminos', 'terms', 'politica', 'cookies')),
    text: text('politica de privacidade', 'politica de privacidad', 'privacy policy', 'termos de uso', 'termos e condicoes', 'terminos y condiciones', 'terms of (?:use|service)', 'quem somos', 'sobre nos', 'about us', 'fale conosco', 'contact us', 'contactanos'),
  },
  {
    step: 'Back-redirect',
    name: 'back-redirect',
    path: path(pathWords('backredirect', 'back-redirect', 'exitpopup', 'exit-popup', 'exit-intent', 'oferta-de-volta', 'voltar-oferta', 'carrinho-abandonado', 'winback', 'win-back'), pathSegments('back', 'volta', 'voltar', 'volte', 'exit', 'saida', 'desistiu', 'retention', 'recuperacao')),
    text: text('antes de sair', 'antes de ir embora', 'nao va embora', 'before you (?:go|leave)', 'don ?t (?:go|leave)', 'antes de irte', 'no te vayas', 'que bom que (?:voce )?voltou', 'back ?redirect'),
  },
  {
    step: 'Downsell',
    name: 'downsell',
    path: path(pathWords('downsell', 'ultima-chance', 'ultima-oportunidade', 'ultima-oportunidad', 'last-chance', 'no-thanks', 'nao-obrigado'), pathSegments('down', 'ds', 'espere', 'espera', 'wait')),
    text: text('downsell', 'ultima chance', 'ultima oportunidade', 'ultima oportunidad', 'last chance', '^espere', '^espera', '^wait', '(?:nao|no) (?:obrigad[oa]|gracias|thanks|thank you)', 'no thanks', 'nao quero', 'no quiero', 'i don ?t want'),
  },
  {
    step: 'Upsell',
    name: 'upsell',
    path: path(pathWords('upsell', 'oto', 'one-time-offer', 'oferta-especial', 'oferta-unica', 'oferta-exclusiva', 'special-offer', 'exclusive-offer', 'upgrade'), pathSegments('up')),
    text: text('upsell', 'oferta especial', 'oferta unica', 'oferta exclusiva', 'one ?time offer', 'special offer', 'exclusive offer', 'adicion(?:e|ar) ao (?:meu|seu) pedido', 'add (?:this )?to (?:my|your) order', 'agregar a (?:mi|tu) pedido', 'upgrade'),
  },
  {
    step: 'Obrigado',
    name: 'obrigado',
    path: path(pathWords('obrigado', 'obrigada', 'obg', 'typ', 'thank-you', 'thankyou', 'thanks', 'gracias', 'compra-aprovada', 'compra-confirmada', 'compra-realizada', 'compra-exitosa', 'pedido-confirmado', 'parabens', 'sucesso', 'success', 'confirmacao', 'confirmacion')),
    text: text('obrigad[oa]', 'thank you', 'thanks for', 'gracias', 'compra (?:confirmada|aprovada|realizada|exitosa)', 'pedido (?:confirmado|recebido)', 'parabens', 'purchase (?:confirmed|complete)', 'order (?:confirmed|complete)', 'pagamento (?:confirmado|aprovado)', 'pago (?:confirmado|aprobado)'),
  },
  {
    step: 'Checkout',
    name: 'checkout',
    path: path(pathWords('checkout', 'pagamento', 'pagar', 'pago', 'payment', 'carrinho', 'carrito', 'cart', 'pedido', 'finalizar-compra', 'finalizar-pedido', 'comprar', 'order-form', 'pix', 'boleto'), pathSegments('pay', 'order', 'compra')),
    text: text('checkout', 'finalizar (?:compra|pedido|pago)', 'pagamento', 'pagar', 'pago seguro', 'pago', 'payment', 'complete your (?:order|purchase)', 'carrinho', 'carrito', 'comprar agora', 'comprar ahora', 'buy now'),
  },
  {
    step: 'Área de membros',
    name: 'membros',
    path: path(pathWords('membros', 'area-de-membros', 'area-membros', 'areademembros', 'area-do-membro', 'members', 'member', 'members-area', 'membership', 'miembros', 'area-de-miembros', 'login', 'signin', 'sign-in', 'acesso', 'acessar', 'acceso', 'area-do-aluno', 'areadoaluno', 'portal-do-aluno', 'minha-conta', 'minha-area', 'my-account', 'mi-cuenta'), pathSegments('entrar', 'aluno', 'alunos', 'dashboard', 'painel')),
    text: text('area de (?:membros|miembros)', 'area do (?:aluno|membro)', 'members? area', '^(?:membros|miembros|members)$', 'login', 'log in', 'sign in', 'iniciar sesion', '^entrar$', 'acesse (?:sua|a) (?:conta|area|plataforma)', 'acessar (?:a )?(?:plataforma|area|conta)', 'minha conta', 'my account', 'mi cuenta'),
  },
  {
    step: 'Quiz',
    name: 'quiz',
    path: path(pathWords('quiz', 'quizz', 'questionario', 'cuestionario', 'survey', 'diagnostico', 'perguntas', 'preguntas', 'avaliacao', 'typebot', 'chatbot', 'descubra-seu-perfil', 'descubre-tu-perfil')),
    text: text('quiz', 'questionario', 'cuestionario', 'descubra (?:seu|o seu|qual)', 'descubre (?:tu|cual)', 'discover your', 'responda (?:as|a|estas)? ?(?:perguntas|pergunta)', 'responde (?:las )?preguntas', 'take the (?:quiz|test)', 'faca o teste', 'haz el test', 'diagnostico'),
  },
  {
    step: 'Página de vendas / VSL',
    name: 'vendas',
    path: path(pathWords('vsl', 'vendas', 'venda', 'ventas', 'venta', 'oferta', 'offer', 'sales', 'sales-page', 'pagina-de-vendas', 'presell', 'pre-venda', 'advertorial', 'webinar', 'promo', 'promocao'), pathSegments('pv', 'lp', 'v', 'video')),
    text: text('assista', 'assistir', 'watch (?:the|this|my) video', 'watch now', 'mira (?:el|este) video', 'vea (?:el|este) video', 'pagina de vendas', 'sales page', 'vsl', 'oferta', 'offer', 'ventas', 'webinar', 'aula gratuita', 'clase gratuita', 'free (?:class|training)'),
  },
];

const stripAccents = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** '/Área-de-Membros/Login.php' -> '/area-de-membros/login-php/'. */
export function normalisePath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {}
  const segments = stripAccents(decoded.toLowerCase())
    .split('/')
    .map((s) => s.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, ''))
    .filter(Boolean);
  return `/${segments.map((s) => `${s}/`).join('')}`;
}

/** 'Não, obrigado!' -> 'nao obrigado'. */
export function normaliseText(value: string): string {
  return stripAccents(value.slice(0, 500).toLowerCase())
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The first rule whose path pattern matches, or undefined. */
function ruleForPath(pathname: string): StepRule | undefined {
  const normalised = normalisePath(pathname);
  return STEP_RULES.find((r) => r.path?.test(normalised));
}

function ruleForText(value: string): StepRule | undefined {
  const normalised = normaliseText(value);
  return normalised ? STEP_RULES.find((r) => r.text?.test(normalised)) : undefined;
}

/** The step the inbound link texts agree on most (ties: table order), or undefined. */
function inboundVote(texts: string[]): FunnelStep | undefined {
  const counts = new Map<StepRule, number>();
  for (const value of texts.slice(0, 200)) {
    const rule = ruleForText(value);
    if (rule) counts.set(rule, (counts.get(rule) ?? 0) + 1);
  }
  let best: StepRule | undefined;
  for (const rule of STEP_RULES) {
    const count = counts.get(rule) ?? 0;
    if (count > 0 && (!best || count > (counts.get(best) ?? 0))) best = rule;
  }
  return best?.step;
}

/** The funnel step of a page (the rule is at the top of this file). */
export function classifyStep(input: {
  url: URL;
  title: string;
  headings: string[];
  inboundTexts: string[];
  /** The page links to a checkout or plays a video. */
  sells?: boolean;
}): FunnelStep {
  const votes: Array<[FunnelStep | undefined, number]> = [
    [ruleForPath(input.url.pathname)?.step, 3],
    [ruleForText(input.title)?.step, 2],
    [input.headings[0] === undefined ? undefined : ruleForText(input.headings[0])?.step, 1],
    [inboundVote(input.inboundTexts), 1],
  ];
  // Insertion order is the sources' weight order, so a tie goes to the heaviest source's step.
  const scores = new Map<FunnelStep, number>();
  for (const [step, weight] of votes) if (step) scores.set(step, (scores.get(step) ?? 0) + weight);
  if (scores.size === 0) return input.sells ? 'Página de vendas / VSL' : 'Outra';
  let winner: FunnelStep = 'Outra';
  let best = 0;
  for (const [step, score] of scores) {
    if (score > best) {
      winner = step;
      best = score;
    }
  }
  return winner;
}
