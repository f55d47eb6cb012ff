import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configVariables, environment, loadConfig } from './config';
import { resolveChromiumPath } from './lib/chromium';
import { projectRoot } from './lib/paths';

describe('.env.example', () => {
  it('lists every variable of the configuration, each with its real default, and nothing else', async () => {
    const text = await readFile(path.join(projectRoot, '.env.example'), 'utf8');
    const listed = new Map<string, string>();
    for (const line of text.split('\n')) {
      const match = line.match(/^#?([A-Z][A-Z0-9_]*)=(.*)$/);
      if (match) listed.set(match[1] as string, match[2] as string);
    }
    const shape = configVariables.shape as Record<
      string,
      { safeParse(v: unknown): { success: boolean; data?: unknown } }
    >;
    expect([...listed.keys()].sort()).toEqual(Object.keys(shape).sort());
    for (const [name, value] of listed) {
      const fromExample = shape[name]?.safeParse(value === '' ? undefined : value);
      const byDefault = shape[name]?.safeParse(undefined);
      expect(fromExample?.success, name).toBe(true);
      expect(fromExample?.data, `${name}: o padrão do .env.example`).toEqual(byDefault?.data);
    }
    // Every variable is explained by a comment line right above it (or above its group).
    expect(text).toMatch(/^# Porta HTTP\.\n#PORT=3000$/m);
  });
});

describe('.env', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ce-env-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is read under the process environment: a variable set in the environment wins', async () => {
    const file = path.join(dir, '.env');
    await writeFile(
      file,
      '# comentário\nPORT=4010\nSUPPORT_URL="https://suporte.exemplo.com/chat"\nPLAN_MENSAL_PRICE=127,90\nLOG_LEVEL=debug\n',
    );
    const env = environment(file, { LOG_LEVEL: 'warn', ADMIN_EMAIL: 'dono@exemplo.com' });
    const config = loadConfig(env);
    expect(config.PORT).toBe(4010);
    expect(config.SUPPORT_URL).toBe('https://suporte.exemplo.com/chat');
    expect(config.PLAN_MENSAL_PRICE).toBe(12790);
    expect(config.LOG_LEVEL).toBe('warn');
    expect(config.ADMIN_EMAIL).toBe('dono@exemplo.com');
  });

  it('sets CHROMIUM_PATH for every Chromium user of the project (read through the same environment)', async () => {
    const file = path.join(dir, 'chromium.env');
    const binary = path.join(dir, 'chromium-do-dono');
    await writeFile(binary, '');
    await writeFile(file, `CHROMIUM_PATH=${binary}\n`);
    await expect(resolveChromiumPath(environment(file, {}))).resolves.toBe(binary);
    await writeFile(file, 'CHROMIUM_PATH=/nao/existe/chromium\n');
    await expect(resolveChromiumPath(environment(file, {}))).rejects.toThrow(
      'CHROMIUM_PATH aponta para /nao/existe/chromium, que não existe.',
    );
  });

  it('is optional, and a bad value in it stops the start naming the variable', async () => {
    const missing = environment(path.join(dir, 'nao-existe.env'), { PORT: '4020' });
    expect(missing).toEqual({ PORT: '4020' });
    const file = path.join(dir, 'ruim.env');
    await writeFile(file, 'PORT=porta\n');
    expect(() => loadConfig(environment(file, {}))).toThrow(/PORT/);
  });
});
