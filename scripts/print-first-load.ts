// Printed by `npm run build`: first-load JavaScript of /login, gzipped (budget: 100 KB since issue #13;
// 150 KB in issue #2).
import { firstLoadJs } from '../bench/login-bundle';
import { clientDistFolder } from '../src/server/lib/paths';

const BUDGET_KB = 100;
const { files, gzipBytes } = firstLoadJs(clientDistFolder, 'src/client/app/routes/login.tsx');
const kb = gzipBytes / 1024;
console.log(
  `JS inicial de /login: ${kb.toFixed(1)} KB gzip (${files.length} arquivos; orçamento ${BUDGET_KB} KB)`,
);
if (kb > BUDGET_KB) {
  console.error(`O JS inicial de /login passou do orçamento de ${BUDGET_KB} KB.`);
  process.exit(1);
}
