import {
  OFFER_FORMATS,
  OFFER_LANGUAGES,
  OFFER_NICHES,
  OFFER_STATUSES,
  type OfferNiche,
  type OfferStatus,
} from '../../shared/schemas/offers';

/** One demo offer: catalogue fields plus what its generated creative shows (two headline lines, a button). */
export interface DemoOffer {
  title: string;
  advertiser: string;
  niche: OfferNiche;
  format: (typeof OFFER_FORMATS)[number];
  language: (typeof OFFER_LANGUAGES)[number];
  status: OfferStatus;
  ads: number;
  roas: number;
  /** Reais. */
  ticket: number;
  daysAgo: number;
  headline: [string, string];
  cta: string;
  hidden: boolean;
  /** Index into DEMO_MEMBERS: the offer came from (or is) that member's submission; else the administrator's. */
  author: number | null;
  adText: string;
}

/**
 * Demo members: authors of the demo submissions (the first two) and of the demo community. They cannot sign in
 * (no password matches their hash, no confirmed purchase) and their e-mails are on demo.clubeescala.local.
 */
export const DEMO_MEMBERS = [
  { name: 'Ana Paula Ribeiro', email: 'ana.ribeiro@demo.clubeescala.local', instagram: 'anapaula.ads' },
  {
    name: 'Carlos Eduardo Mendes',
    email: 'carlos.mendes@demo.clubeescala.local',
    instagram: 'carlos.escala',
  },
  { name: 'Juliana Costa', email: 'juliana.costa@demo.clubeescala.local', instagram: 'ju.trafegopago' },
  { name: 'Rafael Nogueira', email: 'rafael.nogueira@demo.clubeescala.local', instagram: 'rafa.copy' },
  { name: 'Beatriz Almeida', email: 'beatriz.almeida@demo.clubeescala.local', instagram: 'bia.criativos' },
  { name: 'Thiago Martins', email: 'thiago.martins@demo.clubeescala.local', instagram: 'thiago.x1' },
  { name: 'Fernanda Lima', email: 'fernanda.lima@demo.clubeescala.local', instagram: 'fe.vsl' },
  { name: 'Lucas Pereira', email: 'lucas.pereira@demo.clubeescala.local', instagram: 'lucas.dropbr' },
] as const;

function pick<T extends string>(list: readonly T[], value: string): T {
  const found = list.find((item) => item === value);
  if (!found) throw new Error(`demo: valor desconhecido '${value}'`);
  return found;
}

/**
 * One offer per line: title | advertiser | niche | format | language | status | ads | roas | ticket (R$) |
 * days ago | headline line 1 / line 2 | button | flag (-, hidden, author:N) | ad text.
 */
function parseRows(text: string): DemoOffer[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [
        title,
        advertiser,
        niche,
        format,
        language,
        status,
        ads,
        roas,
        ticket,
        days,
        headline,
        cta,
        flag,
        adText,
      ] = line.split('|').map((cell) => cell.trim());
      const [line1 = '', line2 = ''] = (headline ?? '').split(' / ');
      return {
        title: title!,
        advertiser: advertiser!,
        niche: pick(OFFER_NICHES, niche!),
        format: pick(OFFER_FORMATS, format!),
        language: pick(OFFER_LANGUAGES, language!),
        status: pick(OFFER_STATUSES, status!),
        ads: Number(ads),
        roas: Number(roas),
        ticket: Number(ticket),
        daysAgo: Number(days),
        headline: [line1, line2],
        cta: cta!,
        hidden: flag === 'hidden',
        author: flag?.startsWith('author:') ? Number(flag.slice('author:'.length)) : null,
        adText: adText ?? '',
      };
    });
}

/** The catalogue: every status, niche, format, language, ticket range and ads tier; two hidden offers. */
export const DEMO_OFFERS = parseRows(`
Chá Seca Barriga 21 Dias | Vida Leve Naturais | Emagrecimento | VSL | Português | escalando | 412 | 3.8 | 197 | 1 | SECA 7KG / EM 21 DIAS | ASSISTA AGORA | - | Descubra o chá que está ajudando mulheres acima dos 40 a secar até 7 kg em 21 dias, sem academia e sem dieta maluca.
Protocolo Metabolismo Acelerado | Dra. Camila Nutri | Emagrecimento | Quiz | Português | pre-escala | 88 | 2.4 | 97 | 3 | QUAL SEU / METABOLISMO? | FAZER O QUIZ | - | Responda 5 perguntas e descubra qual é o seu tipo de metabolismo e por que a balança não desce.
Gomitas Quema Grasa Keto | KetoVida Latam | Emagrecimento | Página de Vendas | Espanhol | validando | 23 | 1.6 | 47 | 2 | QUEMA / GRASA | COMPRAR | - | Las gomitas que se están agotando en México: quema grasa mientras duermes, sin efecto rebote.
Desafio 30 Dias Sem Açúcar | Método Magra de Vez | Emagrecimento | WhatsApp | Português | escalando | 156 | 2.9 | 67 | 6 | 30 DIAS / SEM ACUCAR | ENTRAR NO GRUPO | - | Entre no grupo do desafio e receba o cardápio completo no seu WhatsApp. Vagas limitadas para esta turma.
Keto Meal Plan Builder | KetoFast | Emagrecimento | Typebot | Inglês | pre-escala | 99 | 2.2 | 19.9 | 22 | 28 DAY / KETO PLAN | GET MY PLAN | - | Chat with our bot and get a 28-day keto meal plan built around the foods you love.
Renda Extra com Celular 2.0 | Escola do Digital | Renda Extra | VSL | Português | escalando | 640 | 4.2 | 297 | 0 | R$ 3.200 / PELO CELULAR | ASSISTA O VIDEO | - | Como uma mãe de Recife fatura R$ 3.200 por mês usando só o celular nas horas vagas. Assista antes que saia do ar.
Robô de Tarefas Pagas | TaskCash Brasil | Renda Extra | Typebot | Português | pre-escala | 120 | 2.1 | 37 | 4 | GANHE / AVALIANDO | COMECAR | - | Converse com o nosso assistente e descubra quanto você pode ganhar avaliando produtos on-line.
Kit Confeitaria Lucrativa | Doce Negócio | Renda Extra | Página de Vendas | Português | validando | 34 | 1.8 | 47 | 9 | BOLOS QUE / VENDEM | QUERO O KIT | - | Aprenda 47 receitas que vendem todo dia e monte a sua renda em casa com pouco investimento.
Ingresos desde Casa | Trabajo Digital Pro | Renda Extra | Quiz | Espanhol | escalando | 230 | 3.1 | 127 | 5 | GANA DESDE / CASA | HACER TEST | - | Haz el test de 60 segundos y descubre el negocio online ideal para tu perfil.
Mentoria Afiliado do Zero | Afiliado do Zero | Renda Extra | WhatsApp | Português | escalando | 205 | 3.0 | 97 | 16 | AFILIADO / DO ZERO | QUERO ENTRAR | author:0 |
Carteira de Dividendos Simplificada | Invest Mentor | Investimentos | VSL | Português | pre-escala | 78 | 2.6 | 497 | 11 | VIVA DE / DIVIDENDOS | VER AULA | - | O método de 3 passos para viver de dividendos começando com R$ 100 por mês.
Crypto Income Blueprint | Blueprint Finance | Investimentos | Página de Vendas | Inglês | escalando | 188 | 3.4 | 997 | 7 | PASSIVE / INCOME | JOIN NOW | - | The 15-minute daily routine retail traders use to build passive crypto income. Limited seats.
Sala de Sinais Day Trade | Trader Raiz | Investimentos | WhatsApp | Português | validando | 12 | 0.9 | 147 | 14 | SINAIS / AO VIVO | ENTRAR | - | Sinais ao vivo no WhatsApp com gerenciamento de risco explicado passo a passo.
Quiz do Investidor Iniciante | Investidor Esperto | Investimentos | Quiz | Português | escalando | 134 | 2.7 | 57 | 12 | QUAL SEU / PERFIL? | FAZER QUIZ | author:1 |
Oração Secreta da Prosperidade | Caminho da Luz | Espiritualidade | VSL | Português | escalando | 356 | 3.6 | 37 | 2 | ORACAO DA / PROSPERIDADE | ASSISTA | - | A oração de 3 minutos que está transformando a vida financeira de milhares de famílias.
Lectura de Ángeles Personalizada | Ángeles Guía | Espiritualidade | Quiz | Espanhol | pre-escala | 64 | 2.2 | 27 | 8 | TU ANGEL / GUARDIAN | DESCUBRIR | - | Descubre qué ángel te protege según tu fecha de nacimiento.
Manifestation Frequency Audio | Wave Mind Co | Espiritualidade | Typebot | Inglês | validando | 41 | 1.4 | 67 | 18 | 528 HZ / MANIFEST | START | - | Chat with our guide and receive your personal 528 Hz manifestation audio in minutes.
Protocolo Vigor Masculino | Saúde do Homem Hoje | Sexualidade | VSL | Português | escalando | 298 | 3.9 | 197 | 1 | VIGOR / DEPOIS DOS 45 | VER REVELACAO | - | Urologista revela o hábito noturno que devolve a disposição de homens acima dos 45.
Guia da Reconquista | Amor Inteligente | Sexualidade | Página de Vendas | Português | pre-escala | 95 | 2.7 | 47 | 10 | FACA ELE / VOLTAR | QUERO O GUIA | - | As 7 mensagens que fazem ele voltar a correr atrás de você, mesmo depois do término.
Relationship Spark Test | Couple Lab | Sexualidade | Quiz | Inglês | validando | 18 | 1.2 | 37 | 21 | SPARK / TEST | TAKE THE QUIZ | - | Take the 2-minute test and find out what your partner secretly wants.
Contos Picantes: Coleção Completa | Noites de Contos | Hot | Página de Vendas | Português | escalando | 210 | 3.3 | 29.9 | 3 | CONTOS / +18 | OUVIR AGORA | - | Mais de 300 contos em áudio para ouvir a dois. Conteúdo para maiores de 18 anos.
Club Privado de Historias | Historias Nocturnas | Hot | WhatsApp | Espanhol | validando | 27 | 1.5 | 57 | 16 | CLUB / PRIVADO +18 | ENTRAR | - | Contenido exclusivo para mayores de 18 en tu WhatsApp. Suscripción mensual.
Glicose Controlada Naturalmente | Instituto Vida Plena | Saúde | VSL | Português | escalando | 520 | 4.6 | 297 | 0 | GLICOSE / SOB CONTROLE | ASSISTA | - | O ingrediente de cozinha que ajuda a manter a glicose estável. Assista à apresentação completa.
Joint Relief Formula | Healthy Joints Lab | Saúde | Página de Vendas | Inglês | pre-escala | 140 | 2.8 | 147 | 12 | KNEE PAIN / RELIEF | LEARN MORE | - | Doctors are stunned: this 10-second morning ritual eases knee pain for adults over 50.
Sono Profundo em 7 Noites | Durma Bem Já | Saúde | Typebot | Português | validando | 45 | 1.7 | 47 | 20 | DURMA A / NOITE TODA | COMECAR | - | Converse com a assistente e receba um plano para dormir a noite toda sem remédios.
Detox Fígado 7 Dias | Natu Detox | Saúde | Quiz | Português | validando | 5 | 0.6 | 47 | 30 | FIGADO / DETOX | FAZER TESTE | hidden | Descubra em 1 minuto se o seu fígado está sobrecarregado.
Treino em Casa 15 Minutos | Fit em Casa | Fitness | Página de Vendas | Português | escalando | 180 | 3.0 | 67 | 4 | 15 MIN / POR DIA | COMECAR HOJE | - | Treinos de 15 minutos sem equipamentos para definir o abdômen em 8 semanas.
Glúteos de Acero | Entrena Latina | Fitness | VSL | Espanhol | pre-escala | 72 | 2.3 | 37 | 13 | GLUTEOS / EN 30 DIAS | VER RUTINA | - | La rutina de 4 ejercicios que se está volviendo viral entre las latinas.
Consultoria Hipertrofia On-line | Team Shape | Fitness | WhatsApp | Português | validando | 9 | 1.1 | 697 | 25 | HIPERTROFIA / ONLINE | FALAR AGORA | - | Ficha de treino e dieta montadas pelo WhatsApp, com acompanhamento semanal.
Home Pilates Challenge | Pilates Flow | Fitness | Typebot | Inglês | pre-escala | 52 | 1.9 | 27 | 27 | WALL / PILATES | START FREE | hidden | A 21-day wall pilates challenge designed for busy women.
Sérum Antirrugas Caseiro | Pele de Porcelana | Beleza | VSL | Português | escalando | 260 | 3.5 | 147 | 5 | ADEUS / RUGAS | VER RECEITA | - | A receita caseira de 3 ingredientes que dermatologistas não querem que você conheça.
Cronograma Capilar Personalizado | Cachos Reais | Beleza | Quiz | Português | pre-escala | 66 | 2.5 | 27 | 9 | CABELO DOS / SONHOS | FAZER QUIZ | - | Responda ao quiz e receba o cronograma certo para o seu tipo de cabelo.
Lash Growth Secret | Glow Lashes | Beleza | Página de Vendas | Inglês | validando | 31 | 1.3 | 57 | 19 | LONGER / LASHES | SHOP NOW | - | Longer, fuller lashes in 30 days with a 2-minute night routine.
Uñas Perfectas en Casa | Nails Latinas | Beleza | WhatsApp | Espanhol | escalando | 76 | 2.1 | 87 | 24 | UNAS / PERFECTAS | QUIERO | author:0 |
Mente Milionária em 21 Dias | Instituto Alta Performance | Desenvolvimento Pessoal | VSL | Português | escalando | 240 | 3.2 | 97 | 6 | MENTE / MILIONARIA | ASSISTIR | - | Reprograme as suas crenças sobre dinheiro com áudios diários de 10 minutos.
Fim da Procrastinação | Foco Total | Desenvolvimento Pessoal | Typebot | Português | pre-escala | 58 | 2.0 | 47 | 15 | PARE DE / ADIAR | DESCOBRIR | - | Descubra o seu perfil de procrastinador e o plano de 7 dias para sair do lugar.
Oratoria Sin Miedo | Habla Pro | Desenvolvimento Pessoal | Página de Vendas | Espanhol | escalando | 110 | 2.9 | 197 | 8 | HABLA / SIN MIEDO | INSCRIBIRME | - | Pierde el miedo a hablar en público en 14 días con ejercicios prácticos.
Curso de Adestramento Positivo | Cão Educado | Outros | Página de Vendas | Português | pre-escala | 84 | 2.4 | 97 | 17 | CAO / OBEDIENTE | QUERO APRENDER | - | Seu cachorro obediente em 15 dias, sem gritos e sem punição.
Horta em Apartamento | Verde em Casa | Outros | WhatsApp | Português | validando | 15 | 1.0 | 37 | 28 | HORTA EM / 1 M2 | SAIBA MAIS | - | Monte a sua horta em 1 m² e colha temperos frescos o ano inteiro.
Dog Training Masterclass | Happy Paws Academy | Outros | Quiz | Inglês | escalando | 205 | 3.7 | 1497 | 10 | GOOD / DOG! | TAKE QUIZ | - | Take our quiz to get a custom training plan for your dog's breed.
`);

/** Member submissions waiting for the administrator's review. */
export const DEMO_PENDING = parseRows(`
Planner Financeiro Digital | plannerfinanceiro.example.com | Renda Extra | Página de Vendas | Português | validando | 22 | 1.5 | 29.9 | 1 | PLANNER / FINANCEIRO | QUERO O MEU | author:0 |
Colágeno Verisol em Gomas | colagenogomas.example.com | Beleza | VSL | Português | pre-escala | 140 | 2.9 | 147 | 0 | COLAGENO / EM GOMAS | ASSISTA | author:0 |
Inglês Fluente em 90 Dias | inglesfluente.example.com | Desenvolvimento Pessoal | Quiz | Português | escalando | 310 | 3.6 | 397 | 0 | INGLES EM / 90 DIAS | FAZER TESTE | author:1 |
`);

/** A member submission the administrator refused, with the reason its author reads in 'Minhas ofertas'. */
export const DEMO_REFUSED = parseRows(`
Cápsula Rejuvenesce 20 Anos | juventude.example.com | Saúde | VSL | Português | escalando | 95 | 2.1 | 197 | 5 | REJUVENESCA / 20 ANOS | ASSISTA | author:1 |
`).map((offer) => ({
  ...offer,
  reason:
    'A página promete rejuvenescer 20 anos, uma promessa de saúde sem comprovação que a Meta não aceita em anúncios. Envie ofertas que a biblioteca mostre ativas sem esse tipo de promessa.',
}));
