import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  FORMAT_VERSION,
  fileEntry,
  MANIFEST,
  tableEntry,
} from './backup-archive';
import { decryptingStream, EncryptedBackupError, HEADER_LENGTH, isEncrypted } from './backup-crypto';
import { isRestorableKey } from './backup-files';

/** A backup file that cannot be used: the message says why, in Portuguese, for the owner. */
export class BackupFileError extends Error {}

export interface VerifiedBackup {
  manifest: BackupManifest;
  /** The extracted contents (a private temp folder): tables/<name>.copy and files/<key>. */
  dir: string;
  tablePath(name: string): string;
  filePath(key: string): string;
  cleanup(): Promise<void>;
}

const NOT_A_BACKUP = 'não é um backup do Clube Escala';

/** Why an encrypted file cannot be used, for the owner. */
function encryptedFileError(label: string, error: unknown): Error {
  if (!(error instanceof EncryptedBackupError)) return error as Error;
  switch (error.reason) {
    case 'passphrase':
      return new BackupFileError(
        `Frase-senha do backup incorreta: ${label} foi cifrado com outra frase-senha (confira BACKUP_PASSPHRASE).`,
      );
    case 'truncated':
      return new BackupFileError(`O arquivo ${label} está incompleto (truncado): copie-o de novo da origem.`);
    case 'end':
      return new BackupFileError(
        `O arquivo ${label} está incompleto (truncado) ou corrompido no fim: ${error.message}. Copie-o de novo da origem.`,
      );
    case 'corrupted':
      return new BackupFileError(`O arquivo ${label} está corrompido: ${error.message}.`);
    case 'newer':
      return new BackupFileError(`O backup ${label} foi ${error.message}: atualize o app.`);
    default:
      return new BackupFileError(`O arquivo ${label} ${NOT_A_BACKUP} (${error.message}).`);
  }
}

/**
 * Reads the whole backup file, checks it is one of ours and that every table and file matches its size and
 * sha256 in the manifest, and extracts it into a private temp folder. Anything wrong (not gzip, not tar, cut
 * short, a byte changed, an entry missing or extra) throws a BackupFileError and leaves nothing behind.
 */
export async function verifyBackup(
  file: string,
  options: {
    /** BACKUP_PASSPHRASE: needed for an encrypted file (`.enc`), which is decrypted and authenticated as it is read. */
    passphrase?: string;
    /** How messages name the file (an s3:// address downloaded to a temp file). */
    label?: string;
    tempParent?: string;
  } = {},
): Promise<VerifiedBackup> {
  const label = options.label ?? file;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new BackupFileError(`O arquivo ${label} não existe.`);
  const fd = await open(file, 'r');
  const head = Buffer.alloc(HEADER_LENGTH);
  const { bytesRead } = await fd.read(head, 0, HEADER_LENGTH, 0).finally(() => fd.close());
  const start = head.subarray(0, bytesRead);
  let decrypt: Transform | null = null;
  if (isEncrypted(start)) {
    if (!options.passphrase) {
      throw new BackupFileError(
        `O backup ${label} está criptografado: defina BACKUP_PASSPHRASE (no .env ou no ambiente) com a frase-senha usada ao gravá-lo.`,
      );
    }
    try {
      decrypt = await decryptingStream(start, options.passphrase);
    } catch (error) {
      throw encryptedFileError(label, error);
    }
  } else if (start[0] !== 0x1f || start[1] !== 0x8b) {
    throw new BackupFileError(`O arquivo ${label} ${NOT_A_BACKUP} (não é um arquivo .tar.gz).`);
  }
  const dir = await mkdtemp(path.join(options.tempParent ?? os.tmpdir(), 'ce-restauracao-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const seen = new Map<string, { size: number; sha256: string }>();
    let manifestText: string | null = null;
    const entryFiles = new Map<string, string>();
    const extract = tar.extract();
    const reading = pipeline([
      createReadStream(file, { start: decrypt ? HEADER_LENGTH : 0 }),
      ...(decrypt ? [decrypt] : []),
      createGunzip(),
      extract,
    ]);
    reading.catch(() => {});
    try {
      for await (const entry of extract) {
        const name = entry.header.name;
        if (entry.header.type !== 'file' || seen.has(name)) {
          entry.resume();
          throw new BackupFileError(`O arquivo ${label} ${NOT_A_BACKUP} (entrada inesperada: ${name}).`);
        }
        if (name === MANIFEST) {
          const chunks: Buffer[] = [];
          for await (const chunk of entry) chunks.push(chunk as Buffer);
          manifestText = Buffer.concat(chunks).toString('utf8');
          seen.set(name, { size: 0, sha256: '' });
          continue;
        }
        const hash = createHash('sha256');
        let size = 0;
        const target = path.join(dir, `e${entryFiles.size}`);
        await pipeline(
          entry,
          new Transform({
            transform(chunk: Buffer, _enc, done) {
              hash.update(chunk);
              size += chunk.length;
              done(null, chunk);
            },
          }),
          createWriteStream(target, { mode: 0o600 }),
        );
        seen.set(name, { size, sha256: hash.digest('hex') });
        entryFiles.set(name, target);
      }
      await reading;
    } catch (error) {
      if (error instanceof BackupFileError) throw error;
      if (error instanceof EncryptedBackupError) throw encryptedFileError(label, error);
      const message = (error as Error).message ?? String(error);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(message)) {
        throw new BackupFileError(
          `O arquivo ${label} está incompleto (truncado): copie-o de novo da origem.`,
        );
      }
      if (code === 'Z_DATA_ERROR' || /incorrect header check|invalid|checksum/i.test(message)) {
        throw new BackupFileError(`O arquivo ${label} está corrompido (${message}).`);
      }
      throw new BackupFileError(`O arquivo ${label} ${NOT_A_BACKUP} ou está corrompido (${message}).`);
    }

    if (manifestText === null) {
      throw new BackupFileError(
        `O arquivo ${label} ${NOT_A_BACKUP} (não tem manifest.json) ou está incompleto.`,
      );
    }
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(manifestText) as BackupManifest;
    } catch {
      throw new BackupFileError(`O arquivo ${label} está corrompido (manifest.json ilegível).`);
    }
    if (
      manifest?.format !== BACKUP_FORMAT ||
      !Array.isArray(manifest.tables) ||
      !Array.isArray(manifest.files)
    ) {
      throw new BackupFileError(`O arquivo ${label} ${NOT_A_BACKUP}.`);
    }
    if (manifest.formatVersion > FORMAT_VERSION) {
      throw new BackupFileError(
        `O backup ${label} foi feito por uma versão mais nova do app (formato ${manifest.formatVersion}): atualize o app.`,
      );
    }
    const expected = new Map<string, { size: number; sha256: string }>();
    for (const t of manifest.tables) expected.set(tableEntry(t.name), { size: t.bytes, sha256: t.sha256 });
    for (const f of manifest.files) {
      if (!isRestorableKey(f.key))
        throw new BackupFileError(`O arquivo ${label} ${NOT_A_BACKUP} (nome ${f.key}).`);
      expected.set(fileEntry(f.key), { size: f.size, sha256: f.sha256 });
    }
    for (const [name, want] of expected) {
      const got = seen.get(name);
      if (!got) throw new BackupFileError(`O arquivo ${label} está incompleto: falta ${name}.`);
      if (got.size !== want.size || got.sha256 !== want.sha256) {
        throw new BackupFileError(
          `O arquivo ${label} está corrompido: ${name} não confere com o manifesto (sha256).`,
        );
      }
    }
    for (const name of seen.keys()) {
      if (name !== MANIFEST && !expected.has(name)) {
        throw new BackupFileError(`O arquivo ${label} está corrompido: ${name} não consta do manifesto.`);
      }
    }
    return {
      manifest,
      dir,
      tablePath: (name) => entryFiles.get(tableEntry(name)) as string,
      filePath: (key) => entryFiles.get(fileEntry(key)) as string,
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
