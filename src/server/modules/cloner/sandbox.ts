import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type LaunchOptions } from 'playwright-core';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../../lib/chromium';

/**
 * How the cloner's Chromium is started (issue #14: it renders untrusted pages, so "as an unprivileged user with
 * Chromium's sandbox where the platform allows it"). As a normal user: with Chromium's own sandbox (user
 * namespaces and seccomp-bpf for renderers). As root (CI, the demo install): Chromium refuses its sandbox as
 * root, so a small wrapper drops to uid/gid 65534 with `setpriv` (util-linux) and starts it there, sandbox on.
 * Whatever the platform does not allow falls back one step at a time (same user without sandbox, then root
 * without sandbox), decided once per process and told once in the log.
 */

/** The user and group the browser runs as when the server runs as root ("nobody"). */
export const UNPRIVILEGED_ID = 65534;

/** The browser's flags: the project's, minus `--no-sandbox` (Playwright adds it when `chromiumSandbox` is false). */
export const CLONER_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS.filter((arg) => arg !== '--no-sandbox'),
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--disable-features=InterestFeedContentSuggestions,Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider',
  '--disable-domain-reliability',
  '--disable-breakpad',
  '--mute-audio',
  '--no-pings',
  // WebRTC may not send UDP around the (dead) proxy.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

export interface LaunchMode {
  /** `self`: the server's own user; `unprivileged`: uid/gid 65534 through the setpriv wrapper (root only). */
  user: 'self' | 'unprivileged';
  sandbox: boolean;
}

export interface HostFacts {
  /** `process.getuid()` (undefined off POSIX). */
  uid: number | undefined;
  /** The setpriv program, when found. */
  setpriv: string | null;
  /** Why uid 65534 cannot start the browser (a folder it cannot enter), when it cannot. */
  unreachable?: string;
}

/** The ways to start the browser, best first: the first the platform allows is kept for the process. */
export function launchModes(host: HostFacts): { modes: LaunchMode[]; note?: string } {
  if (host.uid !== 0) {
    return {
      modes: [
        { user: 'self', sandbox: true },
        { user: 'self', sandbox: false },
      ],
    };
  }
  const asRoot: LaunchMode = { user: 'self', sandbox: false };
  if (!host.setpriv) return { modes: [asRoot], note: 'o setpriv (util-linux) não foi encontrado' };
  if (host.unreachable) return { modes: [asRoot], note: host.unreachable };
  return {
    modes: [{ user: 'unprivileged', sandbox: true }, { user: 'unprivileged', sandbox: false }, asRoot],
  };
}

/** What the browser process inherits as uid 65534 (its /proc/<pid>/environ is readable by that user). */
const KEPT_ENV = /^(PATH|LANG|LANGUAGE|LC_[A-Z_]+|TZ|FONTCONFIG_PATH|FONTCONFIG_FILE|LD_LIBRARY_PATH)$/;

/** Playwright's options for one mode; `wrapper` is the setpriv launcher of an `unprivileged` mode. */
export function launchOptions(mode: LaunchMode, executablePath: string, wrapper?: string): LaunchOptions {
  const options: LaunchOptions = {
    executablePath,
    headless: true,
    // Without `chromiumSandbox: true` Playwright adds --no-sandbox by itself.
    chromiumSandbox: mode.sandbox,
    args: CLONER_CHROMIUM_ARGS,
  };
  if (mode.user === 'self') return options;
  if (!wrapper) throw new Error('o modo sem privilégios precisa do lançador');
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (KEPT_ENV.test(key) && value) env[key] = value;
  return { ...options, executablePath: wrapper, env };
}

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The launcher Playwright starts as root: it gives the profile folder Playwright made (0700, root's) to uid
 * 65534, points HOME and TMPDIR there (Chromium's shared memory files with --disable-dev-shm-usage), then
 * replaces itself with Chromium as 65534: no groups, no capabilities, no new privileges. Same process, so
 * Playwright's pipe (fds 3 and 4) and its kill of the process group still reach the browser.
 */
export function wrapperScript(setpriv: string, executablePath: string): string {
  const id = String(UNPRIVILEGED_ID);
  return `#!/bin/sh
# Clonador do Clube Escala: o Chromium como usuário sem privilégios (uid/gid ${id}).
set -eu
profile=
for arg in "$@"; do
  case "$arg" in --user-data-dir=*) profile="\${arg#--user-data-dir=}" ;; esac
done
if [ -z "$profile" ] || [ ! -d "$profile" ]; then
  echo 'clube-escala-sandbox: pasta de perfil ausente' >&2
  exit 1
fi
chown ${id}:${id} "$profile"
HOME="$profile"
TMPDIR="$profile"
export HOME TMPDIR
# Below the server's priority from its first instruction: every process Chromium forks inherits it.
lower=
if command -v nice >/dev/null 2>&1; then lower="nice -n ${CHROMIUM_NICENESS}"; fi
exec $lower ${quote(setpriv)} --reuid=${id} --regid=${id} --clear-groups --inh-caps=-all --bounding-set=-all --no-new-privs -- ${quote(executablePath)} "$@"
`;
}

const SANDBOX_FAILURE = /Chromium sandboxing failed|No usable sandbox|crbug\.com\/(638180|357670)/;
const WRAPPER_FAILURE = /setpriv:|clube-escala-sandbox:/;

/** True when a failed launch in `mode` means "the platform does not allow this mode" (try the next one). */
export function fallsThrough(mode: LaunchMode, error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  if (mode.sandbox && SANDBOX_FAILURE.test(message)) return true;
  return mode.user === 'unprivileged' && WRAPPER_FAILURE.test(message);
}

function findSetpriv(): string | null {
  return ['/usr/bin/setpriv', '/bin/setpriv', '/usr/sbin/setpriv'].find((p) => existsSync(p)) ?? null;
}

/** True when uid/gid 65534 can enter `dir` and start `executablePath` (every folder above both reachable). */
function unprivilegedRuns(executablePath: string, dir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', 'cd "$1" && exec "$2" --version', 'sh', dir, executablePath], {
      uid: UNPRIVILEGED_ID,
      gid: UNPRIVILEGED_ID,
      stdio: 'ignore',
      timeout: 15_000,
    });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

/**
 * Root's preparation: @sparticuz/chromium unpacks its single, public binary as <tmp>/chromium with mode 0700
 * (e2e/run.mjs passes that same path as CHROMIUM_PATH), which uid 65534 cannot run; it is made 0755 (only that
 * file, only when root owns it). Any other binary is left alone: if 65534 cannot reach it (a 0700 home), the
 * browser runs as root without sandbox, and the log says why.
 */
async function inspectHost(executablePath: string): Promise<HostFacts> {
  const uid = process.getuid?.();
  if (uid !== 0) return { uid, setpriv: null };
  const setpriv = findSetpriv();
  if (!setpriv) return { uid, setpriv };
  const tmp = os.tmpdir();
  if (executablePath === path.join(tmp, 'chromium')) {
    const info = await stat(executablePath);
    if (info.isFile() && info.uid === 0 && (info.mode & 0o005) !== 0o005) await chmod(executablePath, 0o755);
  }
  if (await unprivilegedRuns(executablePath, tmp)) return { uid, setpriv };
  return {
    uid,
    setpriv,
    unreachable: `o usuário ${UNPRIVILEGED_ID} não consegue executar ${executablePath} ou entrar em ${tmp}`,
  };
}

/** The niceness of the cloner's Chromium: a render never takes the CPU from the members' requests first. */
export const CHROMIUM_NICENESS = 10;

/**
 * Lowers the priority of this process's Chromium (Linux): every descendant process whose command line is the browser
 * binary, right after the launch, so the zygotes and every renderer they fork later run at CHROMIUM_NICENESS. Other
 * children (the embedded PostgreSQL) are left alone. Best effort: anything it cannot read or change is skipped.
 * As root the launcher (wrapperScript) already starts Chromium at that niceness, so nothing it forks ever runs above
 * it; this pass is what a normal user's launch (no launcher) has.
 */
export async function lowerBrowserPriority(executablePath: string): Promise<number> {
  if (process.platform !== 'linux') return 0;
  let lowered = 0;
  // Again until a pass changes nothing: a process forked by a parent not yet lowered in this pass keeps the old
  // priority, the next pass finds it (children forked after their parent was lowered inherit it).
  for (let pass = 0; pass < 5; pass++) {
    const changed = await lowerOnce(executablePath);
    lowered += changed;
    if (changed === 0) break;
  }
  return lowered;
}

/** One scan of /proc: lowers the browser processes descending from this one that still run above CHROMIUM_NICENESS. */
async function lowerOnce(executablePath: string): Promise<number> {
  const parents = new Map<number, number>();
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid) parents.set(pid, ppid);
  }
  const descends = (pid: number) => {
    for (let p = parents.get(pid); p; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  let lowered = 0;
  for (const pid of parents.keys()) {
    if (!descends(pid)) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.startsWith(executablePath)) continue;
    try {
      if (os.getPriority(pid) >= CHROMIUM_NICENESS) continue;
      os.setPriority(pid, CHROMIUM_NICENESS);
      lowered++;
    } catch {}
  }
  return lowered;
}

async function launchIn(mode: LaunchMode, executablePath: string, setpriv: string | null): Promise<Browser> {
  const browser = await launchInMode(mode, executablePath, setpriv);
  await lowerBrowserPriority(executablePath);
  return browser;
}

async function launchInMode(
  mode: LaunchMode,
  executablePath: string,
  setpriv: string | null,
): Promise<Browser> {
  if (mode.user === 'self') return chromium.launch(launchOptions(mode, executablePath));
  if (!setpriv) throw new Error('setpriv ausente');
  // The launcher is needed only while Playwright starts it (it becomes Chromium): removed right after.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ce-cloner-chromium-'));
  try {
    const wrapper = path.join(dir, 'chromium.sh');
    await writeFile(wrapper, wrapperScript(setpriv, executablePath), { mode: 0o700 });
    return await chromium.launch(launchOptions(mode, executablePath, wrapper));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface SandboxLog {
  warn(obj: object, msg: string): void;
}

interface Host {
  executablePath: string;
  facts: HostFacts;
  modes: LaunchMode[];
  note?: string;
}

let host: Promise<Host> | undefined;
let chosen: LaunchMode | undefined;
let warned = false;

/** The mode this process settled on (after the first successful launch). */
export function clonerBrowserMode(): LaunchMode | undefined {
  return chosen;
}

function who(mode: LaunchMode, uid: number | undefined): string {
  if (mode.user === 'unprivileged') return `o usuário ${UNPRIVILEGED_ID}`;
  return uid === 0 ? 'root' : 'o usuário do servidor';
}

/** Why `mode` was passed over, in Portuguese, from its launch error. */
function whyNot(mode: LaunchMode, uid: number | undefined, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (mode.sandbox && SANDBOX_FAILURE.test(message)) {
    return `o sandbox do Chromium não está disponível para ${who(mode, uid)} nesta máquina (namespaces de usuário desativados?)`;
  }
  const line =
    message
      .split('\n')
      .find((l) => WRAPPER_FAILURE.test(l))
      ?.trim() ?? message.split('\n')[0];
  return `a troca para o usuário ${UNPRIVILEGED_ID} falhou (${line})`;
}

/**
 * A new cloner browser in the best mode the platform allows. The first launch of the process tries the modes
 * in order, moving on only when a launch fails because of the sandbox or the wrapper; the mode that worked is
 * kept for the process. Anything short of "sandbox on" is logged once, in Portuguese, with the reason.
 */
export async function launchClonerBrowser(log?: SandboxLog): Promise<Browser> {
  if (!host) {
    const pending = (async () => {
      const executablePath = await resolveChromiumPath();
      const facts = await inspectHost(executablePath);
      return { executablePath, facts, ...launchModes(facts) };
    })();
    pending.catch(() => {
      if (host === pending) host = undefined;
    });
    host = pending;
  }
  const { executablePath, facts, modes, note } = await host;
  if (chosen) return launchIn(chosen, executablePath, facts.setpriv);
  const reasons = note ? [note] : [];
  for (const [index, mode] of modes.entries()) {
    try {
      const browser = await launchIn(mode, executablePath, facts.setpriv);
      chosen ??= mode;
      if (!mode.sandbox && !warned) {
        warned = true;
        const message = `clonador: o Chromium roda como ${who(mode, facts.uid)} com --no-sandbox: ${reasons.join('; ')}.`;
        if (log) log.warn({ modo: mode }, message);
        else console.warn(`[clube-escala] ${message}`);
      }
      return browser;
    } catch (err) {
      if (index === modes.length - 1 || !fallsThrough(mode, err)) throw err;
      reasons.push(whyNot(mode, facts.uid, err));
    }
  }
  throw new Error('nenhum modo de lançamento do Chromium');
}
