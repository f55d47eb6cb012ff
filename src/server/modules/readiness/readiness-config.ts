import path from 'node:path';
import type { ReadinessItem, ReadinessItemId, ReadinessState } from '../../../shared/schemas/admin';
import { type AppConfig, DEMO_DEFAULTS } from '../../config';
import type { BackupTargetDescription } from '../backup/index';

/** What the settings alone cannot tell, measured by the caller (backup-disk.ts). Unknown: left out. */
export interface ReadinessFacts {
  /** Where the automatic backups go, encrypted or not, and whether that is the database's own disk. */
  backup?: BackupTargetDescription;
}

const item = (
  id: ReadinessItemId,
  title: string,
  state: ReadinessState,
  detail: string,
  fix: string | null = null,
): ReadinessItem => ({ id, title, state, detail, fix: state === 'ok' ? null : fix });

function smtpHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'endereço ilegível';
  }
}

function pixItems(config: AppConfig): ReadinessItem[] {
  const title = 'PIX e a verificação do webhook';
  if (config.PIX_PROVIDER === 'off') {
    return [
      item(
        'pix',
        title,
        'warn',
        config.PIX_PROVIDER_EXPLICIT
          ? 'PIX_PROVIDER=off: a recarga de saldo por PIX está desligada.'
          : 'PIX_PROVIDER não definido: em produção a recarga de saldo por PIX fica desligada.',
        'Para vender créditos por PIX, defina PIX_PROVIDER=woovi com WOOVI_APP_ID e WOOVI_WEBHOOK_PUBLIC_KEY ou WOOVI_WEBHOOK_SECRET.',
      ),
    ];
  }
  if (config.PIX_PROVIDER === 'sandbox') {
    return [
      item(
        'pix',
        title,
        'fail',
        'PIX_PROVIDER=sandbox: o próprio membro confirma a recarga e recebe crédito simulado, sem pagamento.',
        'Defina PIX_PROVIDER=woovi (cobranças reais) ou PIX_PROVIDER=off (sem recarga).',
      ),
      // The sandbox's BR Code is never checked against a bank: a fake key pays nobody, a real one would take real
      // payments that nothing confirms. Either way the fix is a real provider, or none.
      item(
        'pix-key',
        'Chave PIX',
        'fail',
        config.PIX_KEY === DEMO_DEFAULTS.PIX_KEY
          ? `PIX_KEY é a chave falsa de demonstração (${DEMO_DEFAULTS.PIX_KEY}): o BR Code não paga ninguém.`
          : 'PIX_KEY é uma chave de verdade no PIX de teste: um pagamento real para ela nunca seria conferido.',
        'Use PIX_PROVIDER=woovi (a chave fica na sua conta da Woovi) ou PIX_PROVIDER=off.',
      ),
    ];
  }
  const verifiedBy = [
    config.WOOVI_WEBHOOK_PUBLIC_KEY ? 'chave pública (WOOVI_WEBHOOK_PUBLIC_KEY)' : null,
    config.WOOVI_WEBHOOK_SECRET ? 'segredo (WOOVI_WEBHOOK_SECRET)' : null,
  ].filter(Boolean);
  return [
    verifiedBy.length > 0
      ? item('pix', title, 'ok', `Woovi; o webhook é conferido pela ${verifiedBy.join(' e pelo ')}.`)
      : item(
          'pix',
          title,
          'fail',
          'Woovi sem verificação do webhook: toda confirmação de pagamento é recusada.',
          'Defina WOOVI_WEBHOOK_PUBLIC_KEY (a chave pública da Woovi) ou WOOVI_WEBHOOK_SECRET (o segredo do webhook).',
        ),
  ];
}

function backupItems(config: AppConfig, facts: ReadinessFacts): ReadinessItem[] {
  const title = 'Destino dos backups';
  const backup = facts.backup;
  const schedule =
    config.BACKUP_EVERY_HOURS > 0
      ? `automático a cada ${config.BACKUP_EVERY_HOURS.toLocaleString('pt-BR')} h`
      : 'automáticos desligados (BACKUP_EVERY_HOURS=0)';
  const scheduleOff = 'Defina BACKUP_EVERY_HOURS (24, por exemplo) para um backup automático por dia.';
  let target: ReadinessItem;
  if (!backup) {
    target = item(
      'backup-target',
      title,
      'warn',
      `Destino não medido; ${schedule}.`,
      'Rode npm run doctor para medir onde ficam os backups.',
    );
  } else if (backup.kind === 's3') {
    target = item('backup-target', title, 'ok', `${backup.location}, fora desta máquina; ${schedule}.`);
  } else if (backup.sameDiskAsDatabase === true) {
    target = item(
      'backup-target',
      title,
      'fail',
      `${backup.location}: no mesmo disco do banco de dados; ${schedule}.`,
      'Defina BACKUP_TARGET com uma pasta em outro disco ou máquina, ou s3://bucket/prefixo: um disco perdido leva o banco e os backups juntos.',
    );
  } else if (backup.sameDiskAsDatabase === false) {
    const where = config.DATABASE_URL ? 'fora da máquina do banco' : 'em outro disco que o do banco';
    target = item('backup-target', title, 'ok', `${backup.location}, ${where}; ${schedule}.`);
  } else {
    target = item(
      'backup-target',
      title,
      'warn',
      `${backup.location}, nesta máquina, onde também roda o PostgreSQL de DATABASE_URL; ${schedule}.`,
      'Confira que essa pasta fica em outro disco que o do PostgreSQL, ou defina BACKUP_TARGET=s3://bucket/prefixo.',
    );
  }
  if (target.state === 'ok' && config.BACKUP_EVERY_HOURS <= 0) {
    target = { ...target, state: 'warn', fix: scheduleOff };
  }
  const encryption = config.BACKUP_PASSPHRASE
    ? item('backup-encryption', 'Criptografia dos backups', 'ok', 'Criptografados com BACKUP_PASSPHRASE.')
    : item(
        'backup-encryption',
        'Criptografia dos backups',
        'warn',
        'Backups sem criptografia (BACKUP_PASSPHRASE não definido).',
        'Defina BACKUP_PASSPHRASE (uma frase longa, guardada também fora do servidor): os backups saem criptografados e o restore a pede.',
      );
  return [target, encryption];
}

/**
 * The readiness items the settings alone decide (plus the facts the caller measured): one pure function for the
 * warnings of a production start (main.ts) and for `npm run doctor` and the admin's screen (readiness.service.ts).
 * Nothing secret in a detail: hosts, never passwords or tokens.
 */
export function configReadiness(config: AppConfig, facts: ReadinessFacts = {}): ReadinessItem[] {
  const https = config.APP_URL.startsWith('https://');
  const items: ReadinessItem[] = [
    config.PRODUCTION
      ? item(
          'mode',
          'Modo produção',
          'ok',
          config.CLUB_ENV === 'production'
            ? 'CLUB_ENV=production.'
            : 'APP_URL em https (CLUB_ENV não definido).',
        )
      : item(
          'mode',
          'Modo produção',
          'fail',
          'Modo demonstração: PIX de teste e conteúdo de demonstração num banco vazio.',
          'Defina CLUB_ENV=production no .env (ou um APP_URL em https).',
        ),
    https
      ? item('app-url', 'Endereço público e TLS', 'ok', `APP_URL = ${config.APP_URL}`)
      : item(
          'app-url',
          'Endereço público e TLS',
          'fail',
          `APP_URL = ${config.APP_URL}: sem https, a senha e a sessão dos membros passam abertas pela rede.`,
          'Defina APP_URL com o endereço público do clube em https (o certificado fica no proxy à frente do app).',
        ),
    !https || config.TRUST_PROXY
      ? item(
          'trust-proxy',
          'Endereço dos membros atrás do proxy',
          'ok',
          config.TRUST_PROXY
            ? `TRUST_PROXY = ${config.TRUST_PROXY}`
            : 'Sem proxy à frente (APP_URL sem https).',
        )
      : item(
          'trust-proxy',
          'Endereço dos membros atrás do proxy',
          'warn',
          'TRUST_PROXY não definido: atrás do proxy do https, todos os membros parecem vir do mesmo endereço.',
          'Defina TRUST_PROXY com o endereço do proxy (127.0.0.1, por exemplo), para os limites de login valerem por membro.',
        ),
    config.SUPPORT_URL === DEMO_DEFAULTS.SUPPORT_URL
      ? item(
          'support-url',
          'Link do suporte',
          'fail',
          `SUPPORT_URL é o WhatsApp de demonstração (${DEMO_DEFAULTS.SUPPORT_URL}).`,
          'Defina SUPPORT_URL com o canal de suporte do clube: /suporte e os botões de ajuda levam para lá.',
        )
      : item('support-url', 'Link do suporte', 'ok', `SUPPORT_URL = ${config.SUPPORT_URL}`),
    config.CHECKOUT_URL
      ? item('checkout-url', 'Link de compra', 'ok', `CHECKOUT_URL = ${config.CHECKOUT_URL}`)
      : item(
          'checkout-url',
          'Link de compra',
          'warn',
          'CHECKOUT_URL não definido: quem clica em assinar (/clube) vai para o suporte.',
          'Defina CHECKOUT_URL com o link de compra da Lastlink.',
        ),
    ...pixItems(config),
    config.SMTP_URL
      ? item('smtp', 'E-mail (SMTP)', 'ok', `SMTP ${smtpHost(config.SMTP_URL)}`)
      : item(
          'smtp',
          'E-mail (SMTP)',
          'fail',
          `SMTP_URL não definido: os e-mails viram arquivos em ${path.join(config.DATA_DIR, 'mail')} e ninguém os recebe.`,
          'Defina SMTP_URL (smtp://usuário:senha@servidor:587) do seu serviço de e-mail: sem ele ninguém recebe o código do cadastro.',
        ),
    config.MAIL_FROM === DEMO_DEFAULTS.MAIL_FROM
      ? item(
          'mail-from',
          'Remetente dos e-mails',
          'warn',
          `MAIL_FROM é o remetente de demonstração (${DEMO_DEFAULTS.MAIL_FROM}).`,
          'Defina MAIL_FROM com um endereço do domínio do clube autorizado no seu serviço de e-mail, ou as mensagens caem no spam.',
        )
      : item('mail-from', 'Remetente dos e-mails', 'ok', `MAIL_FROM = ${config.MAIL_FROM}`),
    config.ADMIN_EMAIL === DEMO_DEFAULTS.ADMIN_EMAIL
      ? item(
          'admin-email',
          'E-mail do administrador',
          'warn',
          `ADMIN_EMAIL é o de demonstração (${DEMO_DEFAULTS.ADMIN_EMAIL}), um endereço que não recebe e-mail.`,
          'Defina ADMIN_EMAIL com o seu e-mail: é a conta do administrador e recebe o e-mail de teste.',
        )
      : item('admin-email', 'E-mail do administrador', 'ok', `ADMIN_EMAIL = ${config.ADMIN_EMAIL}`),
    config.LASTLINK_WEBHOOK_TOKEN
      ? item(
          'lastlink-token',
          'Token do webhook da Lastlink',
          'ok',
          'Definido: cada entrega confere o token.',
        )
      : item(
          'lastlink-token',
          'Token do webhook da Lastlink',
          'fail',
          'LASTLINK_WEBHOOK_TOKEN não definido: toda entrega da Lastlink é recusada e nenhuma compra libera o cadastro.',
          'Defina LASTLINK_WEBHOOK_TOKEN com o token configurado no webhook da Lastlink.',
        ),
    ...backupItems(config, facts),
    !config.DATABASE_URL
      ? item(
          'redis',
          'Várias instâncias: Redis',
          'ok',
          'Uma instância (banco embutido): os limites ficam na memória dela.',
        )
      : config.REDIS_URL
        ? item(
            'redis',
            'Várias instâncias: Redis',
            'ok',
            'REDIS_URL definido: os limites valem para todas as instâncias.',
          )
        : item(
            'redis',
            'Várias instâncias: Redis',
            'warn',
            'DATABASE_URL sem REDIS_URL: cada instância conta os limites de login e cadastro sozinha.',
            'Com mais de uma instância, defina REDIS_URL para os limites valerem para o clube todo.',
          ),
    config.METRICS_TOKEN || config.METRICS_PORT
      ? item(
          'metrics',
          'Métricas (/metrics)',
          'ok',
          [
            config.METRICS_TOKEN ? 'METRICS_TOKEN definido' : null,
            config.METRICS_PORT ? `METRICS_PORT ${config.METRICS_PORT} (só 127.0.0.1)` : null,
          ]
            .filter(Boolean)
            .join('; '),
        )
      : item(
          'metrics',
          'Métricas (/metrics)',
          'warn',
          'Sem METRICS_TOKEN nem METRICS_PORT: ninguém acompanha o clube por métricas.',
          'Defina METRICS_TOKEN (o Prometheus envia como bearer) ou METRICS_PORT (servido só em 127.0.0.1).',
        ),
  ];
  if (config.SEED_DEMO_IGNORED) {
    items.push(
      item(
        'seed-demo',
        'Conteúdo de demonstração na partida',
        'warn',
        'SEED_DEMO=1 é ignorado em produção: a demonstração nunca é semeada.',
        'Tire SEED_DEMO do .env.',
      ),
    );
  } else if (config.SEED_DEMO) {
    items.push(
      item(
        'seed-demo',
        'Conteúdo de demonstração na partida',
        'warn',
        'A demonstração é semeada num banco vazio (modo demonstração).',
        'Em produção (CLUB_ENV=production) ela nunca é semeada.',
      ),
    );
  }
  return items;
}
