import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * The administrator's generated password lives in one file, never in a log: DATA_DIR/admin-password.txt, mode 0600,
 * written (atomically) before the administrator's row is committed, deleted when that password is changed.
 */
export const adminPasswordFile = (dataDir: string) => path.join(dataDir, 'admin-password.txt');

/** Writes the file under a temporary name (0600, flushed to disk) and renames it into place; returns its path. */
export async function writeAdminPasswordFile(
  dataDir: string,
  email: string,
  password: string,
): Promise<string> {
  const file = adminPasswordFile(dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const text = [
    'Clube Escala: senha gerada do administrador (só quem lê esta pasta vê este arquivo).',
    `E-mail: ${email}`,
    `Senha: ${password}`,
    'Entre com ela e troque-a em Perfil > Alterar senha: este arquivo é apagado quando a senha muda.',
    '',
  ].join('\n');
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
  return file;
}

/** True when the file is there (this machine's DATA_DIR). */
export async function adminPasswordFileExists(dataDir: string): Promise<boolean> {
  return stat(adminPasswordFile(dataDir)).then(
    () => true,
    () => false,
  );
}

/** Deletes the file (nothing when it is not there). */
export async function removeAdminPasswordFile(dataDir: string): Promise<void> {
  await rm(adminPasswordFile(dataDir), { force: true });
}
