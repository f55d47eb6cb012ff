import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RotatingLog } from './rotating-log';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ce-rotating-log-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const line = (n: number) => `linha ${String(n).padStart(4, '0')} ${'x'.repeat(40)}\n`; // 52 bytes

describe('RotatingLog', () => {
  it('rotates by size while written: the newest lines in the file, older ones in .1 .. .keep, the oldest dropped', async () => {
    const file = path.join(dir, 'postgres.log');
    const log = await RotatingLog.open(file, { maxBytes: 500, keep: 3 });
    for (let n = 0; n < 100; n++) log.write(line(n));
    await log.end();
    const names = (await readdir(dir)).sort();
    expect(names).toEqual(['postgres.log', 'postgres.log.1', 'postgres.log.2', 'postgres.log.3']);
    const kept: string[] = [];
    for (const name of ['postgres.log.3', 'postgres.log.2', 'postgres.log.1', 'postgres.log']) {
      const size = (await stat(path.join(dir, name))).size;
      expect(size, name).toBeLessThanOrEqual(500);
      kept.push(await readFile(path.join(dir, name), 'utf8'));
    }
    // In order, whole lines, nothing lost between the kept files, ending with the last line written.
    const text = kept.join('');
    const numbers = [...text.matchAll(/linha (\d{4})/g)].map((m) => Number(m[1]));
    expect(numbers.at(-1)).toBe(99);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    // 9 lines (468 bytes) fill a file: 1 line in the current one, 27 in the three kept.
    expect(numbers.length).toBe(28);
    expect(
      text
        .split('\n')
        .filter(Boolean)
        .every((l) => l.length === 51),
    ).toBe(true);
  });

  it('appends to an existing file and rotates one already over the size when opened', async () => {
    const file = path.join(dir, 'antigo.log');
    await writeFile(file, 'a'.repeat(600));
    const log = await RotatingLog.open(file, { maxBytes: 500, keep: 2 });
    log.write('depois\n');
    await log.end();
    expect(await readFile(file, 'utf8')).toBe('depois\n');
    expect((await stat(`${file}.1`)).size).toBe(600);

    const small = path.join(dir, 'pequeno.log');
    await writeFile(small, 'antes\n');
    const again = await RotatingLog.open(small, { maxBytes: 500 });
    again.write('depois\n');
    await again.end();
    expect(await readFile(small, 'utf8')).toBe('antes\ndepois\n');
  });
});
