// Printed by `npm run build`: first-load JavaScript of /login (budget: 100 KB gzip since issue #13, 101 KB since the
// scroll memory every screen needs went into the entry, issue #21, 102 KB since the club became an app with its own
// screens for e-mail links and the service worker, issue #27; 150 KB in issue #2) and of the signed-in dashboard on the catalogue, whose budget is also a file count: on a phone
// (HTTP/1.1, six connections per host) every extra file before the first card costs a round trip.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { firstLoadJs } from '../bench/login-bundle';
import { clientDistFolder } from '../src/server/lib/paths';
import { routeSourceOf } from '../src/shared/app-routes';
import { dashboardTabSourceOf } from '../src/shared/dashboard-tabs';

const budgets = [
  { label: '/login', sources: [routeSourceOf('login')], kb: 102, files: Number.POSITIVE_INFINITY },
  {
    label: '/dashboard (catálogo)',
    sources: [routeSourceOf('dashboard'), dashboardTabSourceOf(new URLSearchParams())],
    kb: 126.5,
    files: 8,
  },
];

let over = false;
for (const budget of budgets) {
  const { files, gzipBytes } = firstLoadJs(clientDistFolder, budget.sources);
  const kb = gzipBytes / 1024;
  const fileBudget = Number.isFinite(budget.files) ? `, até ${budget.files} arquivos` : '';
  // What a browser that accepts Brotli receives: the build's .br copies (scripts/precompress.ts; files under 1 KB
  // have none and count as they are), once written.
  const copies = files.map((file) => path.join(clientDistFolder, `${file}.br`));
  const sent = files.map((file, i) =>
    existsSync(copies[i]) ? copies[i] : path.join(clientDistFolder, file),
  );
  const brotli = copies.some((copy) => existsSync(copy))
    ? ` (${(sent.reduce((sum, file) => sum + statSync(file).size, 0) / 1024).toFixed(1)} KB em Brotli)`
    : '';
  console.log(
    `JS inicial de ${budget.label}: ${kb.toFixed(1)} KB gzip${brotli} em ${files.length} arquivos (orçamento ${budget.kb} KB gzip${fileBudget})`,
  );
  if (kb > budget.kb) {
    console.error(`O JS inicial de ${budget.label} passou do orçamento de ${budget.kb} KB.`);
    over = true;
  }
  if (files.length > budget.files) {
    console.error(
      `O JS inicial de ${budget.label} tem ${files.length} arquivos (orçamento: ${budget.files}): ${files.join(', ')}`,
    );
    over = true;
  }
}
if (over) process.exit(1);
