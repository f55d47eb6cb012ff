import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import fences of biome.json (`noRestrictedImports` per folder): a feature never imports another feature,
 * src/shared imports neither the client nor the server, and a server route file never imports a repo (routes call
 * services, services call repos). Checked on probe files in a copy of the configuration, so
 * the project's own files are never touched: each probe must fail or pass the lint as the rule says.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
let dir: string;

async function lint(file: string, source: string): Promise<{ ok: boolean; output: string }> {
  const target = path.join(dir, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, source);
  try {
    const { stdout, stderr } = await run(
      path.join(root, 'node_modules/.bin/biome'),
      ['lint', '--vcs-enabled=false', file],
      { cwd: dir },
    );
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: stdout + stderr };
  } finally {
    await rm(target);
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ce-fences-'));
  await cp(path.join(root, 'biome.json'), path.join(dir, 'biome.json'));
  // The features the probes name must exist for the per-feature rules to be the project's.
  await cp(path.join(root, 'src/client/features/offers'), path.join(dir, 'src/client/features/offers'), {
    recursive: true,
    filter: (source) => !source.endsWith('.tsx') && !source.endsWith('.ts'),
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('import fences', () => {
  it('refuse a feature importing another feature, from any depth, statically or lazily', async () => {
    const deep = await lint(
      'src/client/features/offers/components/probe.ts',
      "import { postText } from '../../community/post-text';\nexport const probe = postText;\n",
    );
    expect(deep.ok).toBe(false);
    expect(deep.output).toContain('Uma feature não importa outra');
    const lazy = await lint(
      'src/client/features/offers/components/probe.ts',
      "export const probe = () => import('../../community/components/community-tab');\n",
    );
    expect(lazy.ok).toBe(false);
    const top = await lint(
      'src/client/features/offers/probe.ts',
      "import { postText } from '../community/post-text';\nexport const probe = postText;\n",
    );
    expect(top.ok).toBe(false);
  });

  it('let a feature import itself, components, lib and shared', async () => {
    const own = await lint(
      'src/client/features/offers/components/probe.ts',
      [
        "import { a } from '../api/keys';",
        "import { b } from './offer-card';",
        "import { c } from '../../../lib/cn';",
        "import { d } from '../../../components/ui/button';",
        "import { e } from '../../../../shared/money';",
        'export const probe = [a, b, c, d, e];',
        '',
      ].join('\n'),
    );
    expect(own.output).not.toContain('noRestrictedImports');
    expect(own.ok).toBe(true);
    const top = await lint(
      'src/client/features/offers/probe.ts',
      "import { a } from './api/keys';\nimport { c } from '../../lib/cn';\nexport const probe = [a, c];\n",
    );
    expect(top.ok).toBe(true);
  });

  it('refuse src/shared importing the client or the server', async () => {
    const client = await lint(
      'src/shared/schemas/probe.ts',
      "import { cn } from '../../client/lib/cn';\nexport const probe = cn;\n",
    );
    expect(client.ok).toBe(false);
    expect(client.output).toContain('src/shared é usado pelo cliente e pelo servidor');
    const server = await lint(
      'src/shared/probe.ts',
      "import { config } from '../server/config';\nexport const probe = config;\n",
    );
    expect(server.ok).toBe(false);
  });

  it("refuse a route file importing a repo, its own or another module's, even for a type", async () => {
    const own = await lint(
      'src/server/modules/offers/offers.routes.ts',
      "import { listLikeCounts } from './offers.repo';\nexport const probe = listLikeCounts;\n",
    );
    expect(own.ok).toBe(false);
    expect(own.output).toContain('Rotas chamam serviços, nunca repositórios');
    const other = await lint(
      'src/server/modules/admin/admin-users.routes.ts',
      "import { endAllSessions } from '../auth/sessions.repo';\nexport const probe = endAllSessions;\n",
    );
    expect(other.ok).toBe(false);
    const typeOnly = await lint(
      'src/server/modules/banners/banners.routes.ts',
      "import type { BannerView } from './banners.repo';\nexport type Probe = BannerView;\n",
    );
    expect(typeOnly.ok).toBe(false);
  });

  it('let a route file import services, and services import repos', async () => {
    const route = await lint(
      'src/server/modules/offers/offers.routes.ts',
      "import { countOfferLikes } from './offer-likes.service';\nexport const probe = countOfferLikes;\n",
    );
    expect(route.output).not.toContain('noRestrictedImports');
    expect(route.ok).toBe(true);
    const service = await lint(
      'src/server/modules/offers/offer-likes.service.ts',
      "import { listLikeCounts } from './offers.repo';\nexport const probe = listLikeCounts;\n",
    );
    expect(service.ok).toBe(true);
  });
});
