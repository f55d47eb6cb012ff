import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    manifest: true,
    // Every browser the app supports has <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every screen needs (React, the router, TanStack Query) lives in one stable `vendor` chunk
        // (better compression, long-term caching). What only some screens need stays out of it, so /login
        // does not download it: react-hook-form (`forms`: forms other than login), Zod with its resolver
        // (`zod`: loaded on demand), sonner (its own chunk, loaded after the first paint, see lib/toast.ts),
        // Radix and the icons (split per route by Rolldown). `ui`: the small pieces every form screen shares.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/,
            },
            {
              // The primitives of every form screen, the signed-out layout and the icon base: one small chunk
              // instead of a dozen tiny ones (each separately compressed file costs its own overhead). The
              // after-load wait is here too: the app shell (toaster) and the deferred widgets (screen-kit) share it.
              name: 'ui',
              test: /src[\\/]client[\\/](components[\\/]ui[\\/](button|card|field|input|password-input|spinner)\.tsx|lib[\\/](cn|lazy-zod-resolver|idle-after-load)\.ts|features[\\/]auth[\\/]components[\\/](auth-layout|brand-logo)\.tsx)|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|context|defaultAttributes|shared[\\/].*|icons[\\/](eye|eye-off|trending-up))\.mjs/,
            },
            {
              // The pt-BR formats and the deferred-widget helper of the signed-in screens, on their own: left to
              // Rolldown, format.ts shared a chunk with the Radix dialog, which the dashboard's first screen then
              // downloaded without using it (and /login does not need either).
              name: 'screen-kit',
              test: /src[\\/]client[\\/](lib[\\/]format\.ts|components[\\/]ui[\\/]deferred\.tsx)/,
            },
            { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/ },
            {
              // Every other icon in one chunk: split one per icon, the dashboard asked for ~30 files of a few
              // hundred bytes at once, which on a phone (6 connections per host over HTTP/1.1) queue behind each
              // other for several round trips before the first offer card can render.
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]/,
            },
            {
              name: 'zod',
              test: /node_modules[\\/](zod|@hookform)[\\/]|src[\\/]shared[\\/]schemas[\\/]zod\.ts/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
});
