import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: the nearest folder above this module holding package.json (works from src/ and dist/). */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const projectRoot = findRoot();
export const migrationsFolder = path.join(projectRoot, 'drizzle');
export const clientDistFolder = path.join(projectRoot, 'dist', 'client');
