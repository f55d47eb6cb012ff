import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBackupStatus } from '../../../../shared/schemas/admin';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { BackupCard } from './backup-card';

afterEach(() => vi.unstubAllGlobals());

const folder: AdminBackupStatus['target'] = {
  kind: 'folder',
  location: '/srv/clube/data/backups',
  encrypted: false,
  sameDiskAsDatabase: true,
};
const status = (
  last: AdminBackupStatus['last'],
  lastOkAt: string | null = null,
  target = folder,
): AdminBackupStatus => ({
  everyHours: 24,
  keep: 7,
  target,
  last,
  lastOkAt,
});

function show(body: AdminBackupStatus) {
  vi.stubGlobal('fetch', createFetchStub({ 'GET /api/admin/backups': () => json(200, body) }).fetch);
  renderWithProviders(<BackupCard />);
}

describe('BackupCard', () => {
  it('shows the last backup: result, time and size', async () => {
    show(
      status({
        kind: 'automatic',
        startedAt: '2026-11-26T03:00:00.000Z',
        finishedAt: '2026-11-26T03:00:05.000Z',
        result: 'ok',
        sizeBytes: 3 * 1024 * 1024 + 200 * 1024,
        error: null,
        location: '/srv/clube/data/backups/clube-escala-20261126-030000-000.tar.gz',
        encrypted: false,
      }),
    );
    expect(await screen.findByText('Concluído')).toBeTruthy();
    expect(screen.getByText(/3,2 MB/)).toBeTruthy();
    expect(screen.getByText(/Backup automático/)).toBeTruthy();
    expect(screen.getByText(/a cada 24 h; os 7 mais novos/)).toBeTruthy();
  });

  it('says where backups go, that they are not encrypted and that they share the database disk', async () => {
    show(status(null));
    expect((await screen.findByText('/srv/clube/data/backups')).closest('p')?.textContent).toBe(
      'Destino: pasta /srv/clube/data/backups · sem criptografia (defina BACKUP_PASSPHRASE)',
    );
    expect(screen.getByText(/mesmo disco do banco/).textContent).toMatch(/Defina BACKUP_TARGET/);
  });

  it('an encrypted bucket target: its address, no same-disk warning', async () => {
    show(
      status(null, null, {
        kind: 's3',
        location: 's3://clube-backups/producao/',
        encrypted: true,
        sameDiskAsDatabase: false,
      }),
    );
    expect((await screen.findByText('s3://clube-backups/producao/')).closest('p')?.textContent).toBe(
      'Destino: bucket s3://clube-backups/producao/ · criptografados (BACKUP_PASSPHRASE)',
    );
    expect(screen.queryByText(/mesmo disco do banco/)).toBeNull();
  });

  it('shows a failure with its reason and when the last good one was', async () => {
    show(
      status(
        {
          kind: 'automatic',
          startedAt: '2026-11-26T03:00:00.000Z',
          finishedAt: '2026-11-26T03:00:01.000Z',
          result: 'failed',
          sizeBytes: null,
          error: 'disco cheio',
          location: null,
          encrypted: null,
        },
        '2026-11-25T03:00:04.000Z',
      ),
    );
    expect(await screen.findByText('Falhou')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('disco cheio');
    expect(screen.getByText(/Último que funcionou/)).toBeTruthy();
  });

  it('says when there is none yet', async () => {
    show(status(null));
    expect(await screen.findByText(/Nenhum backup feito ainda/)).toBeTruthy();
  });
});
