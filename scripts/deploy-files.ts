/**
 * Readers of the files in deploy/ for scripts/deploy.test.ts: the Dockerfile's stages (only the instructions and
 * forms the test can reproduce without Docker; anything else is refused), .dockerignore, env files, compose's
 * interpolation and a systemd unit's sections. Text in, plain data out.
 */

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions: comments dropped, `\` continuations joined. */
function instructionsOf(text: string): Instruction[] {
  const lines = text.split('\n').filter((line) => !/^\s*#/.test(line));
  const joined = lines.join('\n').replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

export interface Copy {
  from?: string;
  sources: string[];
  dest: string;
}

export interface Stage {
  name: string;
  image: string;
  /** The earlier stage this one starts from, when it does. */
  base?: string;
  workdir?: string;
  env: Record<string, string>;
  steps: ({ kind: 'run'; command: string } | { kind: 'copy'; copy: Copy })[];
  user?: string;
  volumes: string[];
  expose: string[];
  healthcheck?: { options: Record<string, string>; command: string[] };
  entrypoint?: string[];
  cmd?: string[];
  stopSignal?: string;
}

/** A JSON (exec) form, the only form the runtime instructions may use (no shell between tini and node). */
function execForm(args: string, what: string): string[] {
  if (!args.startsWith('[')) throw new Error(`${what} deve estar na forma JSON: ${args}`);
  return JSON.parse(args) as string[];
}

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  let stage: Stage | undefined;
  for (const { keyword, args } of instructionsOf(text)) {
    if (keyword === 'FROM') {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!match) throw new Error(`FROM não entendido: ${args}`);
      const image = match[1] as string;
      const base = stages.find((s) => s.name === image);
      stage = {
        name: match[2] ?? `stage-${stages.length}`,
        image: base ? base.image : image,
        base: base?.name,
        workdir: base?.workdir,
        env: { ...base?.env },
        steps: [],
        volumes: [],
        expose: [],
      };
      stages.push(stage);
      continue;
    }
    if (!stage) throw new Error(`${keyword} antes do primeiro FROM`);
    switch (keyword) {
      case 'WORKDIR':
        if (stage.workdir && stage.workdir !== args) throw new Error(`um WORKDIR por estágio: ${args}`);
        stage.workdir = args;
        break;
      case 'ENV':
        for (const pair of args.split(/\s+/)) {
          const match = /^([A-Za-z_][A-Za-z0-9_]*)=([^"'\s]*)$/.exec(pair);
          if (!match) throw new Error(`ENV na forma NOME=valor, sem aspas: ${pair}`);
          stage.env[match[1] as string] = match[2] as string;
        }
        break;
      case 'RUN':
        stage.steps.push({ kind: 'run', command: args });
        break;
      case 'COPY': {
        const tokens = args.split(/\s+/);
        const flags = tokens.filter((t) => t.startsWith('--'));
        const paths = tokens.filter((t) => !t.startsWith('--'));
        const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
        const unknown = flags.filter((f) => !f.startsWith('--from='));
        if (unknown.length) throw new Error(`COPY com opções que o teste não reproduz: ${unknown.join(' ')}`);
        stage.steps.push({
          kind: 'copy',
          copy: { from, sources: paths.slice(0, -1), dest: paths.at(-1) as string },
        });
        break;
      }
      case 'USER':
        stage.user = args;
        break;
      case 'VOLUME':
        stage.volumes.push(...(args.startsWith('[') ? execForm(args, 'VOLUME') : args.split(/\s+/)));
        break;
      case 'EXPOSE':
        stage.expose.push(...args.split(/\s+/));
        break;
      case 'HEALTHCHECK': {
        const match = /^((?:--\S+\s+)*)CMD\s+(.*)$/.exec(args);
        if (!match) throw new Error(`HEALTHCHECK não entendido: ${args}`);
        const options = Object.fromEntries(
          (match[1] as string)
            .trim()
            .split(/\s+/)
            .filter(Boolean)
            .map((o) => o.slice(2).split('=') as [string, string]),
        );
        stage.healthcheck = { options, command: execForm(match[2] as string, 'HEALTHCHECK CMD') };
        break;
      }
      case 'ENTRYPOINT':
        stage.entrypoint = execForm(args, 'ENTRYPOINT');
        break;
      case 'CMD':
        stage.cmd = execForm(args, 'CMD');
        break;
      case 'STOPSIGNAL':
        stage.stopSignal = args;
        break;
      default:
        // ARG, ADD, SHELL, ONBUILD...: not reproduced here, so not allowed in the Dockerfile.
        throw new Error(`instrução que o teste não reproduz: ${keyword}`);
    }
  }
  return stages;
}

/** A RUN that prepares the image's own system (Debian packages, its user): checked, not run on this machine. */
export const isSystemStep = (command: string) => /^(apt-get|useradd)\b/.test(command);

/** .dockerignore's names: one plain name per line (the Dockerfile COPYs by name); a pattern is refused. */
export function dockerignoreNames(text: string): string[] {
  const names = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const name of names) {
    if (/[*?[\]!]/.test(name)) throw new Error(`.dockerignore: padrão que o teste não reproduz: ${name}`);
  }
  return names;
}

/** Every `NAME=` line of an env file, set or commented out (`#NAME=`), with its value. */
export function variablesOf(text: string): { set: Map<string, string>; all: Set<string> } {
  const set = new Map<string, string>();
  const all = new Set<string>();
  for (const line of text.split('\n')) {
    const match = /^(#?)([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    all.add(match[2] as string);
    if (!match[1]) set.set(match[2] as string, match[3] as string);
  }
  return { set, all };
}

/** Compose's `${NAME}`, `${NAME:?message}` and `${NAME:-default}` with the given values. */
export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{([A-Z0-9_]+)(?::[?-][^}]*)?\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`variável do compose sem valor: ${name}`);
    return value;
  });
}

/** A compose duration (`120s`, `2m`) in seconds. */
export const durationSeconds = (duration: string): number => {
  const match = /^(\d+)(s|m)$/.exec(duration);
  if (!match) throw new Error(`duração não entendida: ${duration}`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
};

/** A systemd unit's `Key=value` lines of one section (a key set twice keeps every value). */
export function unitSection(text: string, section: string): Map<string, string[]> {
  const values = new Map<string, string[]>();
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      current = header[1] as string;
      continue;
    }
    const [key = '', ...rest] = line.split('=');
    if (current === section) values.set(key, [...(values.get(key) ?? []), rest.join('=')]);
  }
  return values;
}
