import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorkerPlugin } from './src/client/sw/build-plugin';
import { routeSourceOf } from './src/shared/app-routes';
import { CHECKOUT_PATH, SUPPORT_PATH } from './src/shared/club';
import { dashboardTabSourceOf } from './src/shared/dashboard-tabs';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The lucide-react icon files that only the back office draws (files under features/admin*, app/routes/admin* or
 * named admin-*), read from the sources' imports: they stay out of the icon chunk every member downloads.
 */
function adminOnlyIconFiles(): string[] {
  const index = readFileSync(path.join(root, 'node_modules/lucide-react/dist/esm/lucide-react.mjs'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g)) {
    for (const name of names.matchAll(/default as (\w+)/g)) fileOf.set(name[1], file);
  }
  const usedBy = new Map<string, { admin: boolean; member: boolean }>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const relative = path.relative(root, full).split(path.sep).join('/');
        const admin = /\/features\/admin|\/routes\/admin|\/admin-[^/]*$/.test(relative);
        const source = readFileSync(full, 'utf8');
        for (const [, names] of source.matchAll(/import \{([^}]*)\} from 'lucide-react'/g)) {
          for (const raw of names.split(',')) {
            const name = raw
              .trim()
              .replace(/^type /, '')
              .split(' as ')[0]
              ?.trim();
            const file = name && fileOf.get(name);
            if (!file) continue;
            const seen = usedBy.get(file) ?? { admin: false, member: false };
            seen[admin ? 'admin' : 'member'] = true;
            usedBy.set(file, seen);
          }
        }
      }
    }
  };
  walk(path.join(root, 'src/client'));
  return [...usedBy].filter(([, seen]) => seen.admin && !seen.member).map(([file]) => file);
}
const ADMIN_ONLY_ICONS = adminOnlyIconFiles();

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // dist/client/sw.js: the app's service worker, with this build's version and the files it keeps offline.
    serviceWorkerPlugin({
      root,
      firstScreens: [routeSourceOf('dashboard'), dashboardTabSourceOf(new URLSearchParams())],
    }),
  ],
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
              // after-load wait is here too: the app shell (toaster) and the deferred widgets (member-kit) share it; and
              // the auth forms' paired messages (shared/form-messages), which the Zod chunk imports as well; and the club's
              // buy and support paths and prizes (shared/club), which the public pages and the member's screens share.
              name: 'ui',
              test: /src[\\/]client[\\/](components[\\/]ui[\\/](button|card|field|input|password-input|spinner)\.tsx|lib[\\/](cn|lazy-zod-resolver|idle-after-load)\.ts|features[\\/]auth[\\/]components[\\/](auth-layout|brand-logo)\.tsx)|src[\\/]shared[\\/](form-messages|club)\.ts|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|context|defaultAttributes|shared[\\/].*|icons[\\/](eye|eye-off|trending-up))\.mjs/,
            },
            { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/ },
            {
              // Every other icon in one chunk: split one per icon, the dashboard asked for ~30 files of a few
              // hundred bytes at once, which on a phone (6 connections per host over HTTP/1.1) queue behind each
              // other for several round trips before the first offer card can render.
              // Not the icons only the back office draws (they go with its screens): every member pays for this file.
              name: 'icons',
              test: (id: string) =>
                /node_modules[\\/]lucide-react[\\/]/.test(id) &&
                !ADMIN_ONLY_ICONS.some(
                  (file) =>
                    id.endsWith(`${path.sep}icons${path.sep}${file}.mjs`) ||
                    id.endsWith(`/icons/${file}.mjs`),
                ),
            },
            {
              name: 'zod',
              test: /node_modules[\\/](zod|@hookform)[\\/]|src[\\/]shared[\\/]schemas[\\/]zod\.ts/,
            },
            {
              // What the signed-in first screen (the dashboard on the catalogue) shares with other screens, in one
              // file: the offer cards and their buttons, the pt-BR formats, the deferred-widget helper, badge and
              // select. Left to Rolldown these were eight files of 0.2-3 KB, and a phone on HTTP/1.1 (6 connections
              // per host) fetched the dashboard's 15 scripts in three rounds before the first card could render.
              // Named one by one, without their imports: following imports would pull modules of the entry (the
              // API client, the query keys) in here, and with them this chunk and the icons into /login.
              // `npm run build` checks the dashboard's file count (scripts/print-first-load.ts).
              name: 'member-kit',
              includeDependenciesRecursively: false,
              test: /src[\\/](client[\\/](components[\\/]ui[\\/](badge|select|deferred|load-error|load-more)\.tsx|lib[\\/](format|use-debounced-value|first-images|use-stored-image|use-is-mobile)\.ts|features[\\/]offers[\\/](ads-tier\.ts|components[\\/](offer-grid|offer-card|status-badge|momentum-badge|ads-badge|ads-legend-face|favorite-button|like-button|offer-creative)\.tsx|hooks[\\/]use-load-to-page\.ts|api[\\/](offer-cache|use-add-favorite|use-remove-favorite|use-toggle-like)\.ts))|shared[\\/](image-variants|offer-constants|number-format)\.ts)/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // The server's pages too: /clube and /suporte redirect to the checkout and to support (src/shared/club.ts).
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      [`^(${CHECKOUT_PATH}|${SUPPORT_PATH})(\\?|$)`]: 'http://localhost:3000',
    },
  },
});
