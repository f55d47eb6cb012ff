import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveChromiumPath } from '../../lib/chromium';
import { type BrowserHolder, createBrowserHolder } from './browser';
import {
  CHROMIUM_NICENESS,
  CLONER_CHROMIUM_ARGS,
  clonerBrowserMode,
  fallsThrough,
  launchModes,
  launchOptions,
  UNPRIVILEGED_ID,
  wrapperScript,
} from './sandbox';

const SANDBOX_ERROR = `browserType.launch: Target page, context or browser has been closed
Browser logs:
Chromium sandboxing failed!
[pid=1][err] FATAL:zygote_host_impl_linux.cc:128] No usable sandbox! If you are running on Ubuntu 23.10+`;

describe('choosing how the cloner starts Chromium', () => {
  it('keeps the sandbox first for a normal user and for root (as uid 65534)', () => {
    expect(launchModes({ uid: 1000, setpriv: null }).modes[0]).toEqual({ user: 'self', sandbox: true });
    expect(launchModes({ uid: 0, setpriv: '/usr/bin/setpriv' }).modes).toEqual([
      { user: 'unprivileged', sandbox: true },
      { user: 'unprivileged', sandbox: false },
      { user: 'self', sandbox: false },
    ]);
  });

  it('runs root without sandbox only when it cannot drop to uid 65534, and says why', () => {
    expect(launchModes({ uid: 0, setpriv: null })).toEqual({
      modes: [{ user: 'self', sandbox: false }],
      note: expect.stringMatching(/setpriv/),
    });
    const unreachable = launchModes({ uid: 0, setpriv: '/usr/bin/setpriv', unreachable: 'pasta 0700' });
    expect(unreachable).toEqual({ modes: [{ user: 'self', sandbox: false }], note: 'pasta 0700' });
  });

  it('asks Playwright for the sandbox and never passes flags that turn it off', () => {
    for (const arg of ['--no-sandbox', '--disable-setuid-sandbox', '--no-zygote', '--single-process']) {
      expect(CLONER_CHROMIUM_ARGS).not.toContain(arg);
    }
    const own = launchOptions({ user: 'self', sandbox: true }, '/opt/chromium');
    expect(own).toMatchObject({ executablePath: '/opt/chromium', chromiumSandbox: true });
    expect(launchOptions({ user: 'self', sandbox: false }, '/opt/chromium').chromiumSandbox).toBe(false);

    process.env.CE_SEGREDO_DE_TESTE = 'não vaza';
    try {
      const dropped = launchOptions({ user: 'unprivileged', sandbox: true }, '/opt/chromium', '/tmp/w/c.sh');
      expect(dropped).toMatchObject({ executablePath: '/tmp/w/c.sh', chromiumSandbox: true });
      expect(dropped.env).not.toHaveProperty('CE_SEGREDO_DE_TESTE');
      expect(Object.keys(dropped.env ?? {})).not.toContain('DATABASE_URL');
    } finally {
      delete process.env.CE_SEGREDO_DE_TESTE;
    }
  });

  it('falls back only on a sandbox or wrapper failure', () => {
    expect(fallsThrough({ user: 'self', sandbox: true }, new Error(SANDBOX_ERROR))).toBe(true);
    expect(fallsThrough({ user: 'self', sandbox: false }, new Error(SANDBOX_ERROR))).toBe(false);
    expect(fallsThrough({ user: 'self', sandbox: true }, new Error('spawn ENOENT'))).toBe(false);
    const setprivFailed = new Error('Browser logs:\nsetpriv: setresuid failed: Operation not permitted');
    expect(fallsThrough({ user: 'unprivileged', sandbox: true }, setprivFailed)).toBe(true);
    expect(fallsThrough({ user: 'self', sandbox: true }, setprivFailed)).toBe(false);
  });

  it('writes a wrapper that drops every privilege and quotes the paths', () => {
    const script = wrapperScript('/usr/bin/setpriv', "/opt/it's/chromium");
    expect(script).toContain(`--reuid=${UNPRIVILEGED_ID} --regid=${UNPRIVILEGED_ID} --clear-groups`);
    expect(script).toContain('--inh-caps=-all --bounding-set=-all --no-new-privs');
    // Started below the server's priority: nothing it forks can run above it.
    expect(script).toContain(`nice -n ${CHROMIUM_NICENESS}`);
    expect(script).toContain(`-- '/opt/it'\\''s/chromium' "$@"`);
    expect(spawnSync('/bin/sh', ['-n', '-c', script]).status).toBe(0);
  });
});

/** /proc/<pid>/status of every process under this one, with its command line and user namespace. */
function descendants() {
  const info = new Map<number, { ppid: number; cmd: string; status: string; userNs: string }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      info.set(Number(name), {
        ppid: Number(/^PPid:\s*(\d+)/m.exec(status)?.[1]),
        cmd: readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' '),
        status,
        userNs: readlinkSync(`/proc/${name}/ns/user`),
      });
    } catch {
      // gone, or not ours to read
    }
  }
  const under = (pid: number, root: number): boolean => {
    for (let p: number | undefined = pid; p && p > 1; p = info.get(p)?.ppid) if (p === root) return true;
    return false;
  };
  return { info, under };
}

const field = (status: string, name: string) => new RegExp(`^${name}:\\s*(\\S+)`, 'm').exec(status)?.[1];

/**
 * Whether the platform lets the browser's user create user namespaces (what Chromium's sandbox needs), asked
 * without the code under test: `unshare -U` as that user. Undefined when util-linux's unshare is not there.
 */
function platformAllowsSandbox(chromiumPath: string): boolean | undefined {
  if (!existsSync('/usr/bin/unshare')) return undefined;
  if (process.getuid?.() !== 0) return spawnSync('/usr/bin/unshare', ['-U', 'true']).status === 0;
  const ids = { uid: UNPRIVILEGED_ID, gid: UNPRIVILEGED_ID };
  return (
    ['/usr/bin/setpriv', '/bin/setpriv'].some((p) => existsSync(p)) &&
    spawnSync('/usr/bin/unshare', ['-U', 'true'], ids).status === 0 &&
    spawnSync(chromiumPath, ['--version'], { ...ids, cwd: '/' }).status === 0
  );
}

describe.runIf(process.platform === 'linux')('the cloner browser on this machine', () => {
  let holder: BrowserHolder | undefined;
  afterAll(async () => {
    await holder?.close();
  });

  it('runs its renderers inside the sandbox whenever the platform allows it', async () => {
    holder = createBrowserHolder({ warn: () => {} });
    const browser = await holder.acquire();
    try {
      const page = await browser.newPage();
      await page.setContent('<p id="x">oi</p>');
      expect(await page.textContent('#x')).toBe('oi');
      // Every Chromium process of the cloner runs below the server's priority, the renderer of this page included.
      const chromiumPath = await resolveChromiumPath();
      const tree = descendants();
      const browsers = [...tree.info].filter(
        ([pid, p]) => tree.under(pid, process.pid) && p.cmd.startsWith(chromiumPath),
      );
      expect(browsers.some(([, p]) => p.cmd.includes('--type=renderer'))).toBe(true);
      for (const [pid] of browsers) {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
        expect(nice, `prioridade do processo ${pid} do Chromium`).toBe(CHROMIUM_NICENESS);
      }
      const allowed = platformAllowsSandbox(chromiumPath);
      const mode = clonerBrowserMode();
      expect(mode).toBeDefined();
      if (allowed === undefined) return; // no independent way to tell here
      expect(mode?.sandbox).toBe(allowed);
      if (!allowed) return;
      expect(mode?.user).toBe(process.getuid?.() === 0 ? 'unprivileged' : 'self');

      const { info, under } = descendants();
      // The cloner's browser: the main process with the cloner's own resolver rule, under this test process.
      const main = [...info].find(
        ([pid, p]) => under(pid, process.pid) && !p.cmd.includes('--type=') && p.cmd.includes('~NOTFOUND'),
      );
      expect(main, 'processo principal do Chromium do clonador').toBeDefined();
      const renderers = [...info].filter(
        ([pid, p]) => under(pid, main![0]) && p.cmd.includes('--type=renderer'),
      );
      expect(renderers.length).toBeGreaterThan(0);
      const ownNs = readlinkSync('/proc/self/ns/user');
      for (const [, renderer] of renderers) {
        expect(field(renderer.status, 'Seccomp'), 'filtro seccomp-bpf no renderizador').toBe('2');
        expect(field(renderer.status, 'NoNewPrivs')).toBe('1');
        expect(renderer.userNs, 'namespace de usuário próprio').not.toBe(ownNs);
        expect(field(renderer.status, 'Uid')).not.toBe('0');
      }
      await page.close();
    } finally {
      holder.release();
    }
  });
});
