import type { LessonRow } from './beginner-map.repo';

/** A lesson for the API: `videoUrl` only when a video is set (left out, never null). */
export const presentLesson = (row: LessonRow) => ({
  id: row.id,
  section: row.section,
  order: row.position,
  title: row.title,
  description: row.description,
  ...(row.videoUrl ? { videoUrl: row.videoUrl } : {}),
  linkUrl: row.linkUrl,
});
