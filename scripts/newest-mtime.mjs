import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time of any file under `dir` (decides whether dist/ is older than its sources). */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}
