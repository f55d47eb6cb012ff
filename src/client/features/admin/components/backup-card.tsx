import type { AdminBackupStatus } from '../../../../shared/schemas/admin';
import { Card } from '../../../components/ui/card';
import { useAdminBackups } from '../api/use-admin-backups';
import { ErrorBlock } from './query-state';

const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`;

const RESULT: Record<NonNullable<AdminBackupStatus['last']>['result'], { label: string; tone: string }> = {
  ok: { label: 'Concluído', tone: 'text-primary' },
  running: { label: 'Em andamento', tone: 'text-warning' },
  failed: { label: 'Falhou', tone: 'text-danger' },
};

function schedule(status: AdminBackupStatus) {
  if (status.everyHours <= 0) return 'Backups automáticos desligados (BACKUP_EVERY_HOURS=0).';
  return `Automático a cada ${status.everyHours.toLocaleString('pt-BR')} h; os ${status.keep} mais novos são mantidos.`;
}

/** Where the backups go (a folder or s3://bucket/prefix, never a credential) and whether they are encrypted. */
function Target({ target }: { target: AdminBackupStatus['target'] }) {
  return (
    <>
      <p className="text-xs text-muted">
        {target.kind === 's3' ? 'Destino: bucket ' : 'Destino: pasta '}
        <code className="break-all text-foreground">{target.location}</code>
        {' · '}
        {target.encrypted ? (
          <span className="text-primary">criptografados (BACKUP_PASSPHRASE)</span>
        ) : (
          <span className="text-warning">sem criptografia (defina BACKUP_PASSPHRASE)</span>
        )}
      </p>
      {target.sameDiskAsDatabase && (
        <p className="rounded-lg border border-warning/40 bg-warning/10 p-2 text-xs text-amber-100">
          Os backups estão no mesmo disco do banco: se o disco for perdido, vão junto. Defina BACKUP_TARGET
          com outro disco ou um bucket (s3://bucket/prefixo).
        </p>
      )}
    </>
  );
}

/** The last backup (time, size, result) on the admin dashboard. */
export function BackupCard() {
  const { data, isPending, isError, error } = useAdminBackups();
  if (isPending) return null;
  if (isError) return <ErrorBlock error={error} what="o último backup" />;
  const last = data.last;
  const result = last ? RESULT[last.result] : null;
  return (
    <Card className="space-y-2 p-4">
      {/* No icon: every lucide icon lands in the first-load icons chunk of the member's dashboard. */}
      <h2 className="text-sm font-semibold">Último backup</h2>
      {last && result ? (
        <>
          <p className="text-lg font-bold">
            <span className={result.tone}>{result.label}</span>
            <span className="text-muted"> · </span>
            <time dateTime={last.finishedAt ?? last.startedAt}>
              {when.format(new Date(last.finishedAt ?? last.startedAt))}
            </time>
            {last.sizeBytes !== null && <span className="text-muted"> · {formatSize(last.sizeBytes)}</span>}
          </p>
          <p className="text-xs text-muted">
            {last.kind === 'automatic' ? 'Backup automático' : 'Backup manual (npm run backup)'}
            {last.result === 'failed' && data.lastOkAt
              ? `. Último que funcionou: ${when.format(new Date(data.lastOkAt))}.`
              : '.'}
          </p>
          {last.result === 'failed' && last.error && (
            <p
              role="alert"
              className="rounded-lg border border-danger/40 bg-danger/10 p-2 text-xs text-red-200"
            >
              {last.error}
            </p>
          )}
        </>
      ) : (
        <p className="text-sm text-muted">
          Nenhum backup feito ainda. Rode npm run backup ou aguarde o automático.
        </p>
      )}
      <Target target={data.target} />
      <p className="text-xs text-muted">{schedule(data)}</p>
    </Card>
  );
}
