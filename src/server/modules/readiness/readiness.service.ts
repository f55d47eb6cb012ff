import { SAO_PAULO_TIME_ZONE } from '../../../shared/sao-paulo-month';
import { type AdminReadiness, READINESS_ITEM_IDS, type ReadinessItem } from '../../../shared/schemas/admin';
import type { MessageBody } from '../../../shared/schemas/common';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { DemoContentTable } from '../../db/schema/index';
import { adminPasswordFile, adminPasswordFileExists } from '../../lib/admin-password-file';
import { AppError } from '../../lib/errors';
import { mailLayout } from '../../lib/mail/layout';
import type { Mailer } from '../../lib/mail/mail';
import { backupStatus } from '../backup/backup.service';
import { demoContentPresent } from '../demo-content/demo-content.service';
import { findAdminPasswordState } from './readiness.repo';
import { configReadiness, type ReadinessFacts } from './readiness-config';

const when = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: SAO_PAULO_TIME_ZONE,
});

const ok = (id: ReadinessItem['id'], title: string, detail: string): ReadinessItem => ({
  id,
  title,
  state: 'ok',
  detail,
  fix: null,
});

async function backupRunItem(db: Db, config: AppConfig): Promise<ReadinessItem> {
  const title = 'Último backup';
  const status = await backupStatus(db, config);
  const lastOk = status.lastOkAt ? new Date(status.lastOkAt) : null;
  const lastOkText = lastOk ? `Último backup concluído em ${when.format(lastOk)}` : 'Nenhum backup concluído';
  if (status.last?.result === 'failed') {
    return {
      id: 'backup-last-run',
      title,
      state: 'fail',
      detail: `O último backup falhou (${when.format(new Date(status.last.startedAt))}): ${status.last.error ?? 'sem motivo registrado'}. ${lastOkText}.`,
      fix: 'Corrija o motivo da falha e rode npm run backup para conferir.',
    };
  }
  if (!lastOk) {
    return {
      id: 'backup-last-run',
      title,
      state: 'warn',
      detail: 'Nenhum backup concluído ainda.',
      fix: 'Rode npm run backup e confira o arquivo; os automáticos seguem BACKUP_EVERY_HOURS.',
    };
  }
  const hours = (Date.now() - lastOk.getTime()) / 3_600_000;
  if (config.BACKUP_EVERY_HOURS > 0 && hours > 2 * config.BACKUP_EVERY_HOURS) {
    return {
      id: 'backup-last-run',
      title,
      state: 'fail',
      detail: `${lastOkText}, há mais de ${Math.floor(hours).toLocaleString('pt-BR')} h (o automático é a cada ${config.BACKUP_EVERY_HOURS.toLocaleString('pt-BR')} h).`,
      fix: 'Confira no log por que os backups automáticos pararam e rode npm run backup.',
    };
  }
  return ok('backup-last-run', title, `${lastOkText}.`);
}

const DEMO_TABLE_WORDS: Partial<Record<DemoContentTable, string>> = {
  users: 'membros',
  offers: 'ofertas',
  posts: 'publicações',
  webhook_events: 'entregas do webhook',
};

async function demoContentItem(db: Db): Promise<ReadinessItem> {
  const title = 'Conteúdo de demonstração';
  const present = await demoContentPresent(db);
  const total = Object.values(present).reduce((sum, n) => sum + (n ?? 0), 0);
  if (total === 0) return ok('demo-content', title, 'Nenhum conteúdo de demonstração no banco.');
  const parts = (Object.keys(DEMO_TABLE_WORDS) as DemoContentTable[])
    .filter((table) => (present[table] ?? 0) > 0)
    .map((table) => `${present[table]!.toLocaleString('pt-BR')} ${DEMO_TABLE_WORDS[table]}`);
  return {
    id: 'demo-content',
    title,
    state: 'fail',
    detail: `Ainda há conteúdo de demonstração${parts.length > 0 ? `: ${parts.join(', ')}` : ''}; os membros o veriam como real.`,
    fix: 'Remova-o com npm run demo -- remove ou pelo botão "Remover conteúdo de demonstração" do painel.',
  };
}

async function adminPasswordItem(db: Db, config: AppConfig): Promise<ReadinessItem> {
  const title = 'Senha do administrador';
  const admin = await findAdminPasswordState(db, config.ADMIN_EMAIL);
  if (!admin) {
    return {
      id: 'admin-password',
      title,
      state: 'warn',
      detail: `Não há conta de administrador (${config.ADMIN_EMAIL}) neste banco ainda.`,
      fix: 'Inicie o app (npm start): o administrador é criado no primeiro início.',
    };
  }
  if (!admin.passwordGenerated) return ok('admin-password', title, 'Definida pelo administrador.');
  const file = (await adminPasswordFileExists(config.DATA_DIR))
    ? ` (está em ${adminPasswordFile(config.DATA_DIR)})`
    : ' (o arquivo admin-password.txt está na pasta de dados da instância que a gerou)';
  return {
    id: 'admin-password',
    title,
    state: 'fail',
    detail: `A senha ainda é a gerada no primeiro início${file}.`,
    fix: 'Entre como administrador e troque a senha em Perfil > Alterar senha: o arquivo da senha gerada é apagado.',
  };
}

/** The items only the database can tell: the last backup, the demo content, the administrator's password. */
export async function databaseReadiness(db: Db, config: AppConfig): Promise<ReadinessItem[]> {
  return [await backupRunItem(db, config), await demoContentItem(db), await adminPasswordItem(db, config)];
}

/** Every item in the doctor's order. */
export function sortReadiness(items: ReadinessItem[]): ReadinessItem[] {
  return [...items].sort((a, b) => READINESS_ITEM_IDS.indexOf(a.id) - READINESS_ITEM_IDS.indexOf(b.id));
}

/** GET /api/admin/readiness and `npm run doctor`: the settings' items and the database's, in one list. */
export async function readinessReport(
  db: Db,
  config: AppConfig,
  facts: ReadinessFacts,
): Promise<AdminReadiness> {
  return {
    production: config.PRODUCTION,
    items: sortReadiness([...configReadiness(config, facts), ...(await databaseReadiness(db, config))]),
  };
}

/** How long the test mail may take before the answer says the server did not answer. */
export const TEST_EMAIL_TIMEOUT_MS = 30_000;

/** The SMTP failure in words an owner can act on, with the server's own answer and no credentials. */
export function smtpFailureReason(error: unknown, smtpUrl: string | undefined): string {
  const e = (error ?? {}) as { code?: unknown; response?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const lead: Record<string, string> = {
    EAUTH: 'o servidor SMTP recusou o usuário ou a senha',
    ECONNECTION: 'não foi possível conectar ao servidor SMTP',
    ESOCKET: 'não foi possível conectar ao servidor SMTP',
    ETIMEDOUT: 'o servidor SMTP não respondeu a tempo',
    EDNS: 'o nome do servidor SMTP não foi encontrado',
    EENVELOPE: 'o servidor SMTP recusou o remetente ou o destinatário',
    ETLS: 'a conexão segura (TLS) com o servidor SMTP falhou',
  };
  const said = typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : '';
  let reason = [lead[code], said].filter(Boolean).join(': ') || 'erro desconhecido do servidor SMTP';
  // Whatever the server or the library said, the URL's user and password never leave the server.
  if (smtpUrl) {
    try {
      const url = new URL(smtpUrl);
      for (const secret of [smtpUrl, decodeURIComponent(url.password), decodeURIComponent(url.username)]) {
        if (secret.length >= 3) reason = reason.split(secret).join('***');
      }
    } catch {}
  }
  return reason.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/**
 * Sends a test mail to ADMIN_EMAIL through the app's mailer (SMTP_URL, or the .eml folder without it). A failure
 * answers 502 with the SMTP reason (smtpFailureReason).
 */
export async function sendReadinessTestEmail(deps: {
  mailer: Mailer;
  config: AppConfig;
}): Promise<MessageBody> {
  const { mailer, config } = deps;
  const intro =
    'Este é o e-mail de teste do painel "Pronto para produção". Se ele chegou, o clube consegue enviar e-mails.';
  const detail = `Enviado por ${mailer.destination}, de ${config.MAIL_FROM}, em ${when.format(new Date())}.`;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      mailer.send({
        to: config.ADMIN_EMAIL,
        subject: 'E-mail de teste - Clube Escala',
        text: [intro, '', detail].join('\n'),
        html: mailLayout({ title: 'E-mail de teste', paragraphs: [intro, detail] }),
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error(''), { code: 'ETIMEDOUT' })),
          TEST_EMAIL_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    throw new AppError(
      502,
      `Não foi possível enviar o e-mail de teste: ${smtpFailureReason(error, config.SMTP_URL)}.`,
    );
  } finally {
    clearTimeout(timer);
  }
  return {
    message: config.SMTP_URL
      ? `E-mail de teste enviado para ${config.ADMIN_EMAIL} por ${mailer.destination}.`
      : `Sem SMTP_URL: o e-mail de teste foi gravado em ${mailer.destination}, não enviado.`,
  };
}
