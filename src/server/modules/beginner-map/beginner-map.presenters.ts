import type { LessonRow } from './beginner-map.repo';

export const presentLesson = (row: LessonRow) => ({
  id: row.id,
  section: row.section,
  order: row.position,
  title: row.title,
  description: row.description,
  videoUrl: row.videoUrl,
  linkUrl: row.linkUrl,
});
