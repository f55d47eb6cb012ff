import { mailLayout } from '../../lib/mail/layout';
import type { MailMessage } from '../../lib/mail/mail';

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
    html: mailLayout({
      title: 'Confirme seu e-mail',
      paragraphs: [intro, expiry],
      button: { label: 'Confirmar e-mail', href: input.link },
      code: { label: codeLine, value: input.code },
    }),
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
    html: mailLayout({
      title: 'Redefinição de senha',
      paragraphs: [
        intro,
        expiry,
        'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
      ],
      button: { label: 'Redefinir senha', href: input.link },
    }),
  };
}

/**
 * Sent after a signed-in member changes the password: if it was not them, they know at once what to do (the reset
 * link, and the club's one support address, `${APP_URL}/suporte`).
 */
export function passwordChangedMail(input: {
  to: string;
  name: string;
  recoverLink: string;
  supportLink: string;
}): MailMessage {
  const intro = `Olá, ${input.name}! A senha da sua conta no Clube Escala acabou de ser alterada, e as outras sessões abertas foram encerradas.`;
  const ifNotYou = 'Se não foi você, redefina a senha agora pelo botão abaixo e fale com o suporte do clube.';
  return {
    to: input.to,
    subject: 'Sua senha foi alterada - Clube Escala',
    text: [
      intro,
      '',
      'Se não foi você, redefina a senha agora e fale com o suporte do clube.',
      `Redefinir a senha: ${input.recoverLink}`,
      `Falar com o suporte: ${input.supportLink}`,
    ].join('\n'),
    html: mailLayout({
      title: 'Senha alterada',
      paragraphs: [intro, ifNotYou],
      button: { label: 'Redefinir senha', href: input.recoverLink },
      footer: [{ text: 'Clube Escala.', link: { label: 'Falar com o suporte', href: input.supportLink } }],
    }),
  };
}
