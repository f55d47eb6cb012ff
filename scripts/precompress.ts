// Run by `npm run build` after Vite: writes a Brotli (quality 11) and a gzip (level 9) copy beside every text asset of
// dist/client (`app.js.br`, `app.js.gz`), which the server sends as they are to browsers that accept them
// (@fastify/static `preCompressed`, plugins/web-client.ts). Compressed once here instead of per request: ~11% fewer
// bytes than gzip or the per-request Brotli (quality 4), and no compression work on the server.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What browsers download as text; index.html is rendered per request (web-client.ts), never sent from disk. */
const TEXT = /\.(js|mjs|css|svg|json|txt|webmanifest|xml)$/;
/** Below this the headers cost more than the bytes saved (the server's own compression threshold). */
const MIN_BYTES = 1024;

function* textFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .vite/manifest.json is never served
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` for each text file of `root` of 1 KB or more (only when smaller). */
export function precompress(root: string): { files: number; gzipBytes: number; brotliBytes: number } {
  let files = 0;
  let gzipBytes = 0;
  let brotliBytes = 0;
  for (const file of textFiles(root)) {
    const size = statSync(file).size;
    if (size < MIN_BYTES) continue;
    const source = readFileSync(file);
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    });
    const gz = gzipSync(source, { level: 9 });
    if (br.length < size) writeFileSync(`${file}.br`, br);
    if (gz.length < size) writeFileSync(`${file}.gz`, gz);
    files += 1;
    gzipBytes += Math.min(gz.length, size);
    brotliBytes += Math.min(br.length, size);
  }
  return { files, gzipBytes, brotliBytes };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { clientDistFolder } = await import('../src/server/lib/paths');
  const { files, gzipBytes, brotliBytes } = precompress(process.argv[2] ?? clientDistFolder);
  const kb = (n: number) => (n / 1024).toFixed(0);
  console.log(
    `pré-compressão: ${files} arquivos, ${kb(gzipBytes)} KB em gzip, ${kb(brotliBytes)} KB em Brotli`,
  );
}
