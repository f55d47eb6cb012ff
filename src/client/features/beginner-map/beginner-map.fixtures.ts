import {
  BEGINNER_MAP_SECTIONS,
  type BeginnerMap,
  type BeginnerMapLesson,
  beginnerMap,
} from '../../../shared/schemas/beginner-map';

/** Test data: the installed map's shape (6 steps; 13, 4, 12 and 3 items), checked against the response schema. */
export const YOUTUBE_LINK = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
export const PANDA_LINK =
  'https://player-vz-b35d55b6-835.tv.pandavideo.com.br/embed/?v=416ff6ee-9cfc-40b4-b902-d599c271c7b4';

const STEP_TITLES = [
  ['criar-contas', 'Crie suas contas nas plataformas'],
  ['assistir-tutoriais', 'Assista a todos os tutoriais'],
  ['assistir-gravacoes', 'Assista às calls gravadas'],
  ['calls-ao-vivo', 'Participe das calls ao vivo'],
  ['aplicar', 'Aplique o que aprendeu'],
  ['primeiros-resultados', 'Primeiros resultados'],
] as const;
const COUNTS = { 'trafego-pago': 13, clonagem: 4, 'como-usar': 12, contas: 3 } as const;

export function buildMap(
  overrides: Record<string, Partial<BeginnerMapLesson>> = {},
  doneSteps: string[] = [],
) {
  const lessons: BeginnerMapLesson[] = BEGINNER_MAP_SECTIONS.flatMap((section) =>
    Array.from({ length: COUNTS[section.id] }, (_, i) => {
      const id = `${section.id}-${String(i + 1).padStart(2, '0')}`;
      return {
        id,
        section: section.id,
        order: i + 1,
        title: `${section.title} ${i + 1}`,
        description: `Descrição de ${id}.`,
        linkUrl: null,
        done: false,
        ...overrides[id],
      };
    }),
  );
  const map: BeginnerMap = {
    steps: STEP_TITLES.map(([id, title], i) => ({
      id,
      order: i + 1,
      title,
      description: `Descrição do passo ${i + 1}.`,
      done: doneSteps.includes(id),
    })),
    lessons,
  };
  return beginnerMap.parse(map);
}
