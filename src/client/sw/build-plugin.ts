import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The chunks of a Rolldown/Rollup bundle as the plugin reads them. */
interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes dist/client/sw.js from src/client/sw/service-worker.js: the build's version (a hash of the worker's source
 * and of every file it keeps, so any deploy that changes a file is a new version) and the files kept at install: the
 * generic shell (/index.html), the entry's code and styles, what the first signed-in screen needs (`firstScreens`,
 * source paths: the dashboard and its default tab, so an offline reload draws it), the manifest and the icons.
 */
export function serviceWorkerPlugin(options: { root: string; firstScreens: string[] }): Plugin {
  const source = path.join(options.root, 'src/client/sw/service-worker.js');
  return {
    name: 'clube-escala-service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is never => item.type === 'chunk',
      ) as BuiltChunk[];
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const files = new Set<string>();
      const visit = (chunk: BuiltChunk | undefined) => {
        if (!chunk || files.has(chunk.fileName)) return;
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const next of chunk.imports) visit(byFile.get(next));
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
      for (const screen of options.firstScreens) {
        const wanted = path.join(options.root, screen);
        visit(chunks.find((chunk) => chunk.facadeModuleId === wanted));
      }
      const icons = readdirSync(path.join(options.root, 'public/icons'))
        .filter((name) => name.endsWith('.png'))
        .map((name) => `/icons/${name}`);
      const precache = [
        '/index.html',
        '/manifest.webmanifest',
        '/favicon.svg',
        ...icons.sort(),
        ...[...files].sort().map((file) => `/${file}`),
      ];
      const code = readFileSync(source, 'utf8');
      if (
        !code.includes("const VERSION = 'SW_VERSION';") ||
        !code.includes('const PRECACHE = SW_PRECACHE;')
      ) {
        this.error('service-worker.js: the VERSION and PRECACHE placeholders are missing');
      }
      const html = bundle['index.html'];
      const version = createHash('sha256')
        .update(code)
        .update(JSON.stringify(precache))
        .update(html && html.type === 'asset' ? String(html.source) : '')
        .digest('hex')
        .slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: code
          .replace("const VERSION = 'SW_VERSION';", () => `const VERSION = ${JSON.stringify(version)};`)
          .replace('const PRECACHE = SW_PRECACHE;', () => `const PRECACHE = ${JSON.stringify(precache)};`),
      });
    },
  };
}
