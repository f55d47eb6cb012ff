import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startSmtpServer as startLoopbackSmtp } from '../../testing/smtp-server';
import { createMailer } from './mail';

const silentLog = Fastify({ logger: false }).log;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ce-mail-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The shared loopback SMTP server, closed after each test. */
async function startSmtpServer() {
  const smtp = await startLoopbackSmtp();
  cleanups.push(smtp.close);
  return smtp;
}

describe('createMailer', () => {
  it('delivers over SMTP_URL to a real SMTP server', async () => {
    const smtp = await startSmtpServer();
    const config = loadConfig({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Clube Escala <nao-responda@clubeescala.test>',
      DATA_DIR: await tempDir(),
    });
    const mailer = createMailer(config, silentLog);
    expect(mailer.destination).toBe(`SMTP 127.0.0.1:${smtp.port}`);
    await mailer.send({
      to: 'membro@example.com',
      subject: 'Confirme seu e-mail - Clube Escala',
      text: 'Seu código: 123456',
      html: '<p>Seu código: <b>123456</b></p>',
    });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['membro@example.com']);
    expect(mail!.from).toBe('nao-responda@clubeescala.test');
    expect(mail!.raw).toMatch(/^Subject: Confirme seu e-mail - Clube Escala$/m);
    expect(mail!.raw).toMatch(/^To: membro@example\.com$/m);
  });

  it('without SMTP_URL writes the mail as an .eml file under DATA_DIR/mail', async () => {
    const dataDir = await tempDir();
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), silentLog);
    await mailer.send({
      to: 'outro@example.com',
      subject: 'Redefinição de senha - Clube Escala',
      text: 'Link: http://localhost:3000/redefinir-senha?token=abc',
      html: '<p>Link</p>',
    });
    const outbox = path.join(dataDir, 'mail');
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(outbox, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: outro@example\.com$/m);
    expect(eml).toMatch(/^Subject: /m);
    expect(eml).toContain('redefinir-senha?token=abc');
  });

  it('without SMTP_URL logs recipient, subject and the .eml file, never the text', async () => {
    const dataDir = await tempDir();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const log = Fastify({ logger: { level: 'trace', stream } }).log;
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), log);
    await mailer.send({
      to: 'membro@example.com',
      subject: 'Confirme seu e-mail - Clube Escala',
      text: 'Seu código: 654321\nLink: http://localhost:3000/verificar-email?uid=1&token=TOKEN-SECRETO-abc',
      html: '<p>Seu código: <b>654321</b> <a href="?token=TOKEN-SECRETO-abc">link</a></p>',
    });
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toHaveLength(1);
    const files = await readdir(path.join(dataDir, 'mail'));
    expect(entries[0]).toMatchObject({
      to: 'membro@example.com',
      subject: 'Confirme seu e-mail - Clube Escala',
      file: path.join(dataDir, 'mail', files![0]!),
    });
    const text = lines.join('\n');
    expect(text).not.toContain('654321');
    expect(text).not.toContain('TOKEN-SECRETO');
  });
});
