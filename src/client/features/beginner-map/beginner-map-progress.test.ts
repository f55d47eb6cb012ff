import { describe, expect, it } from 'vitest';
import type { BeginnerMapLesson, BeginnerMapSectionId } from '../../../shared/schemas/beginner-map';
import { sectionProgressLabel, stepLessonProgress, stepsProgress } from './beginner-map-progress';

const lesson = (section: BeginnerMapSectionId, done: boolean, n: number): BeginnerMapLesson => ({
  id: `${section}-${n}`,
  section,
  order: n,
  title: `Aula ${n}`,
  description: 'd',
  linkUrl: null,
  done,
});

const LESSONS = [
  lesson('trafego-pago', true, 1),
  lesson('trafego-pago', false, 2),
  lesson('clonagem', true, 1),
  lesson('como-usar', false, 1),
  lesson('contas', true, 1),
  lesson('contas', false, 2),
  lesson('contas', false, 3),
];

describe('beginner map progress', () => {
  it('labels each card by what it counts', () => {
    expect(sectionProgressLabel('trafego-pago', { done: 3, total: 13 })).toBe('3 de 13 aulas');
    expect(sectionProgressLabel('clonagem', { done: 1, total: 4 })).toBe('1 de 4 itens');
    expect(sectionProgressLabel('como-usar', { done: 0, total: 12 })).toBe('0 de 12 itens');
    expect(sectionProgressLabel('contas', { done: 1, total: 3 })).toBe('1 de 3 contas criadas');
  });

  it('gives step 1 the partner tools and step 2 the tutorials, no other step', () => {
    expect(stepLessonProgress('criar-contas', LESSONS)).toEqual({
      done: 1,
      total: 3,
      label: '1 de 3 contas criadas',
    });
    expect(stepLessonProgress('assistir-tutoriais', LESSONS)).toEqual({
      done: 2,
      total: 4,
      label: '2 de 4 tutoriais assistidos',
    });
    expect(stepLessonProgress('aplicar', LESSONS)).toBeNull();
  });

  it('counts the steps done', () => {
    const step = (done: boolean) => ({ id: 'x', order: 1, title: 't', description: 'd', done });
    expect(stepsProgress([step(true), step(false), step(true)])).toEqual({ done: 2, total: 3 });
  });
});
