import type { MailMessage } from '../../lib/mail/mail';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** A simple layout that reads well in dark and light mail clients. Every argument is escaped here. */
function layout(
  title: string,
  paragraphs: string[],
  button: { label: string; href: string },
  code?: { label: string; value: string },
) {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5;color:#e5e7eb">${escapeHtml(p)}</p>`)
    .join('');
  const cta = `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="display:inline-block;background:#22c55e;color:#052e16;font-weight:bold;text-decoration:none;padding:12px 24px;border-radius:8px">${escapeHtml(button.label)}</a></p>`;
  const codeBlock = code
    ? `<p style="margin:0;color:#e5e7eb">${escapeHtml(code.label)}</p><p style="margin:16px 0 24px;font-size:32px;letter-spacing:8px;font-weight:bold;color:#22c55e;font-family:monospace">${escapeHtml(code.value)}</p>`
    : '';
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="color-scheme" content="dark light"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#0b0f14;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#111827;border:1px solid #1f2937;border-radius:12px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#f9fafb">${escapeHtml(title)}</h1>
${body}${cta}${codeBlock}
<p style="margin:24px 0 0;font-size:12px;color:#9ca3af">Clube Escala. Se você não pediu este e-mail, ignore-o.</p>
</div></body></html>`;
}

export function verificationMail(input: {
  to: string;
  name: string;
  link: string;
  code: string;
}): MailMessage {
  const intro = `Olá, ${input.name}! Confirme seu e-mail para ativar sua conta no Clube Escala.`;
  const codeLine = 'Ou digite este código em "Verificar Conta Manualmente":';
  const expiry = 'O link e o código valem por 24 horas e podem ser usados uma única vez.';
  return {
    to: input.to,
    subject: 'Confirme seu e-mail - Clube Escala',
    text: [
      intro,
      '',
      'Clique no link para confirmar:',
      input.link,
      '',
      codeLine,
      input.code,
      '',
      expiry,
      'Se você não criou uma conta, ignore este e-mail.',
    ].join('\n'),
    html: layout(
      'Confirme seu e-mail',
      [intro, expiry],
      { label: 'Confirmar e-mail', href: input.link },
      { label: codeLine, value: input.code },
    ),
  };
}

export function passwordResetMail(input: { to: string; name: string; link: string }): MailMessage {
  const intro = `Olá, ${input.name}! Recebemos um pedido para redefinir a senha da sua conta no Clube Escala.`;
  const expiry = 'O link vale por 1 hora e pode ser usado uma única vez.';
  return {
    to: input.to,
    subject: 'Redefinição de senha - Clube Escala',
    text: [
      intro,
      '',
      'Clique no link para criar uma nova senha:',
      input.link,
      '',
      expiry,
      'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
    ].join('\n'),
    html: layout(
      'Redefinição de senha',
      [intro, expiry, 'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.'],
      { label: 'Redefinir senha', href: input.link },
    ),
  };
}

/** Sent after a signed-in member changes the password: if it was not them, they know at once what to do. */
export function passwordChangedMail(input: { to: string; name: string; recoverLink: string }): MailMessage {
  const intro = `Olá, ${input.name}! A senha da sua conta no Clube Escala acabou de ser alterada, e as outras sessões abertas foram encerradas.`;
  const ifNotYou = 'Se não foi você, redefina a senha agora pelo link abaixo e fale com o suporte do clube.';
  return {
    to: input.to,
    subject: 'Sua senha foi alterada - Clube Escala',
    text: [intro, '', ifNotYou, input.recoverLink].join('\n'),
    html: layout('Senha alterada', [intro, ifNotYou], { label: 'Redefinir senha', href: input.recoverLink }),
  };
}
