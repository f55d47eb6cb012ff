import type {
  COMMUNITY_CATEGORIAS,
  COMMUNITY_FORMATOS,
  COMMUNITY_NICHOS,
  PROMOTION_CATEGORIAS,
  PROMOTION_FORMATOS,
  PROMOTION_NICHOS,
} from '../../shared/community-constants';

/**
 * The demo community: posts in Comunidade and Divulgação with comments, replies and likes, written as members of a
 * direct-response club would write them. `by` and `likedBy` are indexes into DEMO_MEMBERS ('admin': the club's
 * administrator, or the first demo member without one). Each post is `minutesAgo` old, so the feed shows every
 * kind of relative time. The likes on community posts make this month's ranking: 12, 9, 7, 5, 4 and 3 likes
 * (a podium and three 'Outros Colocados', no tie, nobody with 1 or 2).
 */
type Author = number | 'admin';

export interface DemoReply {
  by: number;
  text: string;
  likedBy?: number[];
}
export interface DemoComment extends DemoReply {
  replies?: DemoReply[];
}

interface DemoPostBase {
  by: Author;
  title: string;
  description: string;
  minutesAgo: number;
  likedBy: number[];
  comments?: DemoComment[];
}
export type DemoPost =
  | (DemoPostBase & {
      kind: 'community';
      nicho: (typeof COMMUNITY_NICHOS)[number];
      formato: (typeof COMMUNITY_FORMATOS)[number];
      categoria: (typeof COMMUNITY_CATEGORIAS)[number];
    })
  | (DemoPostBase & {
      kind: 'promotion';
      nicho: (typeof PROMOTION_NICHOS)[number];
      formato: (typeof PROMOTION_FORMATOS)[number];
      categoria: (typeof PROMOTION_CATEGORIAS)[number];
    });

const HOUR = 60;
const DAY = 24 * HOUR;
const [ANA, CARLOS, JULIANA, RAFAEL, BEATRIZ, THIAGO, FERNANDA, LUCAS] = [0, 1, 2, 3, 4, 5, 6, 7];

/** The line that ends every demo promotion: its contacts are made up. */
const DEMO_AD = 'Divulgação de demonstração: um exemplo de como anunciar aqui (contatos fictícios).';

export const DEMO_COMMUNITY_POSTS: DemoPost[] = [
  {
    kind: 'community',
    by: 'admin',
    title: 'Boas-vindas à Comunidade (publicações de demonstração)',
    description:
      'Este clube acabou de ser criado: as publicações, os comentários e os membros que você vê aqui são exemplos de demonstração, não membros reais. O administrador pode excluí-los quando quiser.\n\nUse a Comunidade para contar o que está rodando, tirar dúvidas e compartilhar números (CPA, ROAS, CTR). As curtidas que suas publicações recebem de outros membros contam para o Ranking do Mês.',
    nicho: 'Outros',
    formato: 'VSL',
    categoria: 'Marketing Direto',
    // The newest: the first card a new member reads says what these posts are.
    minutesAgo: 2,
    likedBy: [JULIANA, RAFAEL, LUCAS],
    comments: [
      { by: JULIANA, text: 'Bem-vindos! Contem aqui o que estão rodando esta semana.', likedBy: [THIAGO] },
    ],
  },
  {
    kind: 'community',
    by: JULIANA,
    title: 'Quiz de 7 perguntas baixou meu CPA de R$ 38 para R$ 21',
    description:
      'Troquei a VSL direta por um quiz curto antes da página de vendas numa oferta de emagrecimento. O que mudou:\n\n- 7 perguntas, a última pedindo a meta em kg (ela personaliza a promessa da VSL);\n- barra de progresso visível e uma frase de prova social na pergunta 4;\n- resultado com o nome da pessoa antes do botão.\n\nO CPA caiu de R$ 38 para R$ 21 em 5 dias, com o mesmo criativo e o mesmo público aberto. 61% de quem começa termina o quiz. Alguém já testou quiz com mais de 10 perguntas?',
    nicho: 'Emagrecimento',
    formato: 'Quiz',
    categoria: 'Marketing Direto',
    minutesAgo: 7,
    likedBy: [ANA, CARLOS, RAFAEL, BEATRIZ, THIAGO, FERNANDA, LUCAS],
    comments: [
      {
        by: RAFAEL,
        text: 'Você mostra o resultado do quiz na mesma página da VSL ou redireciona?',
        likedBy: [ANA],
        replies: [
          {
            by: JULIANA,
            text: 'Na mesma página: o resultado aparece e a VSL começa logo abaixo, sem carregar outra página. Cada redirecionamento perdia uns 15% das pessoas.',
            likedBy: [RAFAEL, FERNANDA],
          },
          { by: RAFAEL, text: 'Faz sentido, vou testar assim.' },
        ],
      },
      {
        by: THIAGO,
        text: '61% de conclusão é muito bom. Quantas perguntas têm imagem?',
        replies: [
          {
            by: JULIANA,
            text: 'Só a primeira e a da meta. Nas outras, botões grandes de texto carregam mais rápido no celular.',
          },
        ],
      },
    ],
  },
  {
    kind: 'community',
    by: ANA,
    title: 'Roteiro de X1 no WhatsApp que fechou 18 vendas em uma semana',
    description:
      'A estrutura que uso no X1 (conversa um a um) depois do anúncio de mensagem:\n\n1. Primeira resposta em até 2 minutos, com o nome da pessoa e uma pergunta aberta sobre o problema;\n2. Áudio curto (até 40 s) contando o resultado de outra cliente;\n3. Oferta só depois que a pessoa descreve a dor com as palavras dela;\n4. Link de pagamento com PIX e o prazo do bônus;\n5. Um lembrete no dia seguinte para quem não respondeu.\n\nForam 18 vendas em 74 conversas. O que mais pesou foi a velocidade: quase ninguém atendido depois de 10 minutos comprou.',
    nicho: 'Saúde',
    formato: 'WhatsApp',
    categoria: 'X1 WhatsApp',
    minutesAgo: 2 * HOUR + 40,
    likedBy: [CARLOS, JULIANA, RAFAEL, BEATRIZ, THIAGO, FERNANDA, LUCAS],
    comments: [
      {
        by: LUCAS,
        text: 'Você usa o WhatsApp Business comum ou a API oficial?',
        replies: [
          {
            by: ANA,
            text: 'Começo no Business comum com duas atendentes. Passando de umas 80 conversas por dia, vale ir para a API oficial, com menos risco de bloqueio.',
            likedBy: [LUCAS, THIAGO],
          },
        ],
      },
      {
        by: FERNANDA,
        text: 'Responder em 2 minutos é o que mais faz diferença mesmo. Salvei o roteiro!',
        likedBy: [ANA],
      },
    ],
  },
  {
    kind: 'community',
    by: RAFAEL,
    title: 'Quatro headlines na mesma página: a que mais converteu',
    description:
      'Testei 4 headlines na mesma página de vendas, com o tráfego dividido igualmente (cerca de 2.100 visitas cada):\n\nA) "Aprenda a ganhar dinheiro na internet": 0,9%\nB) "O método de R$ 50 por dia que cabe no seu horário de almoço": 2,4%\nC) "Como a Dona Marta fez R$ 3.200 no primeiro mês": 1,7%\nD) "Renda extra sem aparecer e sem comprar estoque": 2,1%\n\nNúmero concreto com uma objeção quebrada ganhou. O depoimento na headline foi bem, mas perdeu para a promessa específica. São números de uma oferta minha: no seu nicho, quem decide é o teste.',
    nicho: 'Renda Extra',
    formato: 'Página de Vendas',
    categoria: 'Marketing Direto',
    minutesAgo: 5 * HOUR + 15,
    likedBy: [ANA, CARLOS, JULIANA, BEATRIZ, THIAGO, LUCAS],
    comments: [
      { by: ANA, text: 'A B é excelente: número concreto e uma situação do dia a dia.', likedBy: [RAFAEL] },
    ],
  },
  {
    kind: 'community',
    by: CARLOS,
    title: 'Typebot no lugar da landing: vale a pena?',
    description:
      'Fiz um teste A/B numa oferta de dropshipping: metade do tráfego para a landing de sempre, metade para um Typebot que faz 3 perguntas e mostra o produto certo. O Typebot teve 40% mais cliques no botão de compra, mas o ticket médio caiu porque menos gente levou o kit. No fim, praticamente empate.\n\nPróximo teste: oferecer o kit dentro do bot. Alguém já fez order bump dentro do Typebot?',
    nicho: 'Outros',
    formato: 'Typebot',
    categoria: 'Dropshipping',
    minutesAgo: DAY + 3 * HOUR,
    likedBy: [ANA, JULIANA, RAFAEL, FERNANDA, LUCAS],
    comments: [
      {
        by: RAFAEL,
        text: 'Já fiz: uma pergunta "quer levar o kit com desconto?" antes do link de pagamento. O ticket médio subiu 22%.',
        likedBy: [CARLOS, LUCAS],
        replies: [{ by: CARLOS, text: 'Era isso que eu precisava. Valeu, Rafael!' }],
      },
    ],
  },
  {
    kind: 'community',
    by: JULIANA,
    title: 'Checklist antes de escalar uma campanha que bateu a meta de ROAS',
    description:
      'Antes de aumentar o orçamento, confiro:\n\n1. Pelo menos 3 dias seguidos acima da meta, não um dia isolado;\n2. Frequência abaixo de 2 no conjunto;\n3. CPM estável (se subiu 30% de um dia para o outro, espero);\n4. Checkout aprovando cartão e PIX sem quedas (olhe a taxa de aprovação, não só as vendas);\n5. Um criativo reserva pronto, porque o principal vai cansar.\n\nSubo 20% a 30% por dia ou duplico o conjunto vencedor com orçamento maior. Dobrar de uma vez quase sempre reinicia o aprendizado.',
    nicho: 'Saúde',
    formato: 'VSL',
    categoria: 'Marketing Direto',
    minutesAgo: 3 * DAY + 2 * HOUR,
    likedBy: [ANA, RAFAEL, BEATRIZ, FERNANDA, LUCAS],
  },
  {
    kind: 'community',
    by: FERNANDA,
    title: 'Criativo UGC x criativo editado: meus números',
    description:
      'Mesma oferta, mesmo público, R$ 300 em cada: o UGC gravado no celular, com legenda grande e sem música, teve CTR de 2,8% e CPA de R$ 27. O editado, com animações e trilha, ficou em 1,1% e R$ 49.\n\nNão é regra, mas no meu nicho o criativo que parece conteúdo ganha do que parece anúncio.',
    nicho: 'Emagrecimento',
    formato: 'VSL',
    categoria: 'Marketing Direto',
    minutesAgo: 4 * DAY + 6 * HOUR,
    likedBy: [ANA, JULIANA, RAFAEL, BEATRIZ],
  },
  {
    kind: 'community',
    by: BEATRIZ,
    title: 'Dúvida: quantos criativos vocês sobem por conjunto?',
    description:
      'Estou subindo 5 criativos por conjunto numa ABO de teste com R$ 30 cada, mas a Meta põe quase todo o orçamento em um só nas primeiras 24 horas. Vocês deixam assim ou separam um criativo por conjunto para testar de verdade?',
    nicho: 'Renda Extra',
    formato: 'Quiz',
    categoria: 'E-Commerce',
    minutesAgo: 6 * DAY + 4 * HOUR,
    likedBy: [JULIANA, RAFAEL, FERNANDA],
    comments: [
      {
        by: JULIANA,
        text: 'Para testar eu separo: 1 criativo por conjunto, orçamento igual, 3 dias. Depois junto os vencedores numa CBO.',
        likedBy: [BEATRIZ, CARLOS, FERNANDA],
        replies: [{ by: BEATRIZ, text: 'Obrigada! Vou refazer o teste assim.' }],
      },
      {
        by: CARLOS,
        text: 'Também dá para usar o teste A/B da própria Meta, que divide o orçamento igualmente.',
      },
    ],
  },
  {
    kind: 'community',
    by: RAFAEL,
    title: 'Os primeiros 30 segundos da VSL decidem tudo',
    description:
      'Olhei a retenção de 12 VSLs: as que seguram mais de 55% das pessoas até o primeiro minuto trazem o gancho nos primeiros 8 segundos e não se apresentam antes de prometer algo.\n\nA ordem que uso: gancho com promessa e prazo, identificação com a dor, por que as outras soluções falharam, e só então quem está falando. Vale conferir no gráfico de retenção do seu player onde está a maior queda.',
    nicho: 'Espiritualidade',
    formato: 'VSL',
    categoria: 'Marketing Direto',
    minutesAgo: 9 * DAY,
    likedBy: [ANA, JULIANA, FERNANDA],
  },
  {
    kind: 'promotion',
    by: BEATRIZ,
    title: 'Criativos UGC e estáticos para ofertas de saúde e renda extra',
    description: `Pacote com 5 criativos (3 vídeos UGC de até 30 s e 2 estáticos) em até 4 dias úteis, com 2 rodadas de ajuste. Trabalho com roteiro meu ou com o seu.\n\nPortfólio e valores pelo direct: @bia.criativos\n\n${DEMO_AD}`,
    nicho: 'Criativos',
    formato: 'Imagem',
    categoria: 'Vendedor',
    minutesAgo: 50,
    likedBy: [JULIANA, FERNANDA],
    comments: [
      {
        by: LUCAS,
        text: 'Faz criativo para dropshipping também?',
        replies: [{ by: BEATRIZ, text: 'Faço sim! Te chamei no direct.' }],
      },
    ],
  },
  {
    kind: 'promotion',
    by: LUCAS,
    title: 'Procuro quem monte páginas de vendas rápidas no celular',
    description: `Preciso de 3 páginas de vendas para produtos de dropshipping, carregando em menos de 2 segundos no celular. Eu mando a copy e as imagens.\n\nQuem tiver interesse, comente com um exemplo de página que já fez.\n\n${DEMO_AD}`,
    nicho: 'Sites',
    formato: 'Link',
    categoria: 'Cliente',
    minutesAgo: 20 * HOUR,
    likedBy: [CARLOS],
    comments: [
      {
        by: RAFAEL,
        text: 'Comprima as imagens em WebP e tire os plugins de animação: só isso costuma cortar metade do tempo.',
        likedBy: [LUCAS],
      },
    ],
  },
  {
    kind: 'promotion',
    by: THIAGO,
    title: 'Monto seu funil de X1 no WhatsApp: roteiros e treinamento da equipe',
    description: `Organizo o atendimento do anúncio até o pagamento: roteiros de abordagem, respostas para as objeções mais comuns, etiquetas de acompanhamento e treinamento de até 3 atendentes.\n\nContato: @thiago.x1\n\n${DEMO_AD}`,
    nicho: 'WhatsApp',
    formato: 'Texto',
    categoria: 'Vendedor',
    minutesAgo: 2 * DAY + 5 * HOUR,
    likedBy: [ANA, CARLOS],
  },
  {
    kind: 'promotion',
    by: FERNANDA,
    title: 'Edição de VSL com legendas e cortes para segurar a retenção',
    description: `Edito VSLs de 5 a 40 minutos: legendas, cortes de respiro, zoom nos pontos de prova e versão vertical para anúncio. Entrega em até 3 dias.\n\nAmostras pelo direct: @fe.vsl\n\n${DEMO_AD}`,
    nicho: 'Edição de Vídeo',
    formato: 'Vídeo',
    categoria: 'Vendedor',
    minutesAgo: 5 * DAY,
    likedBy: [RAFAEL],
  },
];
