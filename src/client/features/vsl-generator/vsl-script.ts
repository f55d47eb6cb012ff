import type { TypedNumber } from '../../../shared/typed-number';
import { VSL_NICHES, type VslNiche } from '../../lib/niches';
import { formatReaisValue } from '../../lib/reais-text';

export { VSL_NICHES, type VslNiche };

/**
 * The VSL generator: four templates and a pure builder of the script, with fixed time sections and 'XX' for an
 * empty price.
 */

/** The generation is simulated (no server call): the script appears after this wait. */
export const VSL_GENERATION_DELAY_MS = 3000;

export type VslTemplateId = 'problema-solucao' | 'historia-pessoal' | 'revelacao-secreta' | 'demonstracao';

export interface VslTemplate {
  id: VslTemplateId;
  name: string;
  category: string;
  duration: string;
  description: string;
  structure: readonly [string, string, string, string, string, string, string];
}

export const VSL_TEMPLATES: readonly VslTemplate[] = [
  {
    id: 'problema-solucao',
    name: 'Problema e Solução',
    category: 'Clássico',
    duration: '3-5 min',
    description: 'O formato mais usado: apresenta a dor, agita o problema e entrega a solução.',
    structure: ['Gancho', 'Problema', 'Agitação', 'Solução', 'Prova', 'Oferta', 'Chamada para ação'],
  },
  {
    id: 'historia-pessoal',
    name: 'História Pessoal',
    category: 'Storytelling',
    duration: '5-8 min',
    description: 'Conta a jornada de quem tinha o problema e encontrou a saída.',
    structure: [
      'Gancho',
      'Antes',
      'Fundo do poço',
      'Descoberta',
      'Transformação',
      'Oferta',
      'Chamada para ação',
    ],
  },
  {
    id: 'revelacao-secreta',
    name: 'Revelação Secreta',
    category: 'Mistério',
    duration: '4-6 min',
    description: 'Desperta a curiosidade com um segredo que o mercado não conta.',
    structure: ['Gancho', 'Mistério', 'Vilão', 'Revelação', 'Prova', 'Oferta', 'Chamada para ação'],
  },
  {
    id: 'demonstracao',
    name: 'Demonstração',
    category: 'Educacional',
    duration: '6-10 min',
    description: 'Ensina e mostra o produto funcionando na prática.',
    structure: [
      'Gancho',
      'Promessa',
      'Conteúdo',
      'Demonstração',
      'Resultados',
      'Oferta',
      'Chamada para ação',
    ],
  },
];

export const VSL_TONES = [
  'Amigável',
  'Profissional',
  'Urgente',
  'Inspirador',
  'Científico',
  'Casual',
] as const;
export type VslTone = (typeof VSL_TONES)[number];

export interface VslForm {
  productName: string;
  /** Reais, as the number field keeps them: null when blank (the script says R$ XX). */
  price: TypedNumber;
  niche: VslNiche | '';
  tone: VslTone;
  targetAudience: string;
  mainProblem: string;
  solution: string;
  bonuses: string;
}

export const EMPTY_VSL_FORM: VslForm = {
  productName: '',
  price: null,
  niche: '',
  tone: 'Amigável',
  targetAudience: '',
  mainProblem: '',
  solution: '',
  bonuses: '',
};

/** Whether the price field holds text it could not read (its message shows beside it). */
export const isVslPriceUnreadable = (price: TypedNumber): boolean =>
  typeof price === 'string' && formatReaisValue(price) === null && price.trim() !== '';

/** Generating needs a template, a product name and a niche, and a price that reads as reais when one is typed. */
export function canGenerateVsl(template: VslTemplate | null, form: VslForm): boolean {
  return (
    template !== null &&
    form.productName.trim() !== '' &&
    form.niche !== '' &&
    !isVslPriceUnreadable(form.price)
  );
}

/** 'R$ 197,90' (plain spaces, for a text file), or 'R$ XX' when no price was given. */
export function vslPriceText(price: TypedNumber): string {
  return formatReaisValue(price) ?? 'R$ XX';
}

/** Member text inside a sentence: one line, without the final punctuation the sentence adds itself. */
const fragment = (text: string) =>
  text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.!?;:,]+$/, '');

/** Member text as a sentence of its own: one line, ending with punctuation. */
const sentence = (text: string) => {
  const line = text.trim().replace(/\s+/g, ' ');
  return /[.!?]$/.test(line) ? line : `${line}.`;
};

const CLOSING_BY_TONE: Record<VslTone, string> = {
  Amigável: 'Estou te esperando do outro lado!',
  Profissional: 'Garanta seu acesso e comece hoje mesmo.',
  Urgente: 'Não deixe para depois: esta condição pode sair do ar a qualquer momento.',
  Inspirador: 'A sua transformação começa com uma decisão. Tome a sua agora.',
  Científico: 'Os resultados falam por si: faça o teste você mesmo.',
  Casual: 'Bora? Clica no botão e vem com a gente.',
};

/** The script's fixed time sections. */
export const VSL_SECTIONS = [
  { time: '0-15s', title: 'GANCHO' },
  { time: '15-60s', title: 'PROBLEMA' },
  { time: '60-180s', title: 'SOLUÇÃO' },
  { time: '180-240s', title: 'OFERTA' },
  { time: '240-300s', title: 'CHAMADA PARA AÇÃO' },
] as const;

/**
 * The script, a pure function of the template and the form. Fields the member left blank appear as
 * bracketed placeholders ('[problema principal]') to be filled in, and the price as 'R$ XX'.
 */
export function buildVslScript(template: VslTemplate, form: VslForm): string {
  const product = fragment(form.productName);
  const niche = form.niche === '' ? '[nicho]' : form.niche;
  const audience = fragment(form.targetAudience) || '[público-alvo]';
  const problem = fragment(form.mainProblem) || '[problema principal]';
  const solution = form.solution.trim() ? sentence(form.solution) : '[solução].';
  const price = vslPriceText(form.price);
  const bonuses = fragment(form.bonuses);

  const hook: Record<VslTemplateId, string> = {
    'problema-solucao': `Atenção, ${audience}: se você ainda sofre com ${problem}, preste muita atenção nos próximos minutos.`,
    'historia-pessoal': `Há pouco tempo eu estava exatamente onde você está: ${problem}. Hoje a minha realidade é outra, e eu vou te contar como isso aconteceu.`,
    'revelacao-secreta': `Existe um segredo sobre ${problem} que quase ninguém conta para ${audience}. Hoje eu vou revelar esse segredo para você.`,
    demonstracao: `Nos próximos minutos eu vou te mostrar, na prática, como ${product} resolve ${problem}.`,
  };

  const sections = [
    hook[template.id],
    `Você já tentou de tudo e continua enfrentando ${problem}. Isso não é culpa sua: a maioria das soluções para ${audience} não ataca a causa do problema. E cada dia que passa sem resolver isso custa caro.`,
    `Foi para isso que criamos ${product}. ${solution} Assim você tem um caminho simples e direto para deixar ${problem} para trás.`,
    [
      `Hoje você pode garantir ${product} por apenas ${price}.`,
      bonuses ? `E garantindo agora, você ainda leva de bônus: ${bonuses}.` : null,
    ]
      .filter(Boolean)
      .join('\n'),
    `Clique no botão abaixo deste vídeo e garanta ${product} por ${price}. ${CLOSING_BY_TONE[form.tone]}`,
  ];

  return [
    `ROTEIRO DE VSL: ${product}`,
    `Modelo: ${template.name} (${template.category}, ${template.duration})`,
    `Estrutura: ${template.structure.join(' > ')}`,
    `Nicho: ${niche} | Tom: ${form.tone}`,
    `Público-alvo: ${audience}`,
    ...VSL_SECTIONS.flatMap((section, index) => ['', `[${section.time}] ${section.title}`, sections[index]]),
    '',
  ].join('\n');
}
