import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean; css?: string[] }>;

/**
 * First-load JavaScript of a route: the entry chunk, the route's lazy chunk (or chunks: the dashboard's route and
 * its first tab), and every chunk they import statically, gzipped (what a browser downloads before the screen
 * shows). Read from Vite's build manifest.
 */
export function firstLoadJs(
  distDir: string,
  routeSources: string | readonly string[],
): { files: string[]; gzipBytes: number } {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    throw new Error('dist/client/.vite/manifest.json não existe: rode `npm run build`.');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('entrada não encontrada no manifest');
  const sources = typeof routeSources === 'string' ? [routeSources] : routeSources;
  for (const source of sources) {
    if (!manifest[source]) throw new Error(`${source} não está no manifest`);
  }
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  visit(entryKey);
  for (const source of sources) visit(source);
  const files = [...seen].map((k) => manifest[k]!.file);
  const gzipBytes = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(path.join(distDir, f)), { level: 9 }).length,
    0,
  );
  return { files, gzipBytes };
}
