import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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
    const threeLevels = await lint(
      'src/client/features/admin/components/charts/probe.ts',
      "import { postText } from '../../../community/post-text';\nexport const probe = postText;\n",
    );
    expect(threeLevels.ok).toBe(false);
    expect(threeLevels.output).toContain('Uma feature não importa outra');
  });

  it('refuse the other spellings of a path leaving the feature', async () => {
    for (const spelling of [
      '../../../features/community/post-text',
      '../../../../client/features/community/post-text',
      './../../community/post-text',
    ]) {
      const probe = await lint(
        'src/client/features/offers/components/probe.ts',
        `import { postText } from '${spelling}';\nexport const probe = postText;\n`,
      );
      expect(probe.ok, spelling).toBe(false);
      expect(probe.output).toContain('Uma feature não importa outra');
    }
  });

  it('fence every folder of src/client/features, at its depth', async () => {
    const features = path.join(root, 'src/client/features');
    const folders: string[] = [];
    const walk = async (relative: string) => {
      folders.push(relative);
      for (const entry of await readdir(path.join(features, relative), { withFileTypes: true })) {
        if (entry.isDirectory()) await walk(path.posix.join(relative, entry.name));
      }
    };
    for (const entry of await readdir(features, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(entry.name);
    }
    expect(folders.length).toBeGreaterThan(20);
    const probes = folders.map((folder) => {
      const feature = folder.split('/')[0];
      const other = feature === 'community' ? 'offers' : 'community';
      const up = '../'.repeat(folder.split('/').length);
      return {
        file: `src/client/features/${folder}/fence-probe.ts`,
        source: `import { a } from '${up}${other}/x';\nexport const probe = a;\n`,
      };
    });
    for (const probe of probes) {
      await mkdir(path.join(dir, path.dirname(probe.file)), { recursive: true });
      await writeFile(path.join(dir, probe.file), probe.source);
    }
    const result = await run(
      path.join(root, 'node_modules/.bin/biome'),
      ['lint', '--vcs-enabled=false', '--max-diagnostics=1000', ...probes.map((p) => p.file)],
      { cwd: dir },
    ).then(
      ({ stdout, stderr }) => stdout + stderr,
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
    await Promise.all(probes.map((probe) => rm(path.join(dir, probe.file))));
    const unfenced = probes.filter((probe) => !result.includes(`${probe.file}:1:`)).map((p) => p.file);
    expect(unfenced, 'pastas de features sem a cerca de importações').toEqual([]);
  });

  it('find no import in src/client spelling a path that goes down and up again', async () => {
    const files = (await readdir(path.join(root, 'src/client'), { recursive: true })).filter((file) =>
      /\.tsx?$/.test(file),
    );
    const crooked: string[] = [];
    for (const file of files) {
      const source = await readFile(path.join(root, 'src/client', file), 'utf8');
      for (const [, spec] of source.matchAll(/(?:from|import\()\s*'(\.[^']*)'/g)) {
        if (spec && /(^|\/)\.\/\.\.\/|[^./]\/\.\.\//.test(spec)) crooked.push(`${file}: ${spec}`);
      }
    }
    expect(crooked).toEqual([]);
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

  it('refuse a route file importing a presenter or writing SQL', async () => {
    const presenter = await lint(
      'src/server/modules/auth/auth.routes.ts',
      "import { presentCurrentUser } from './auth.presenters';\nexport const probe = presentCurrentUser;\n",
    );
    expect(presenter.ok).toBe(false);
    expect(presenter.output).toContain('Rotas não chamam presenters');
    const query = await lint(
      'src/server/modules/system/system.routes.ts',
      "import { sql } from 'drizzle-orm';\nexport const probe = sql`select 1`;\n",
    );
    expect(query.ok).toBe(false);
    expect(query.output).toContain('Rotas não escrevem SQL');
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
