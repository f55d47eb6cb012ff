const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** One entry of a list in a mail: a title, a line under it and where it leads. */
export interface MailItem {
  title: string;
  detail?: string;
  href?: string;
}

const P = 'margin:0 0 16px;line-height:1.5;color:#e5e7eb';

function itemList(items: readonly MailItem[]): string {
  const entries = items
    .map((item) => {
      const heading = item.href
        ? `<a href="${escapeHtml(item.href)}" style="color:#4ade80;font-weight:bold;text-decoration:none">${escapeHtml(item.title)}</a>`
        : `<strong style="color:#f9fafb">${escapeHtml(item.title)}</strong>`;
      const detail = item.detail ? `<br><span style="color:#9ca3af">${escapeHtml(item.detail)}</span>` : '';
      return `<li style="margin:0 0 14px;line-height:1.45">${heading}${detail}</li>`;
    })
    .join('');
  return entries ? `<ul style="margin:0 0 16px;padding-left:18px;color:#e5e7eb">${entries}</ul>` : '';
}

/**
 * Every mail's HTML: a simple dark card that reads well in dark and light mail clients. Every argument is text and
 * is escaped here. `footer` lines go small under the card's content; the first of them may carry a link.
 */
export function mailLayout(input: {
  title: string;
  paragraphs: string[];
  items?: MailItem[];
  /** Headed lists after the paragraphs (the weekly digest's parts). */
  sections?: { heading: string; items: MailItem[] }[];
  button?: { label: string; href: string };
  code?: { label: string; value: string };
  footer?: { text: string; link?: { label: string; href: string } }[];
}): string {
  const { title } = input;
  const body = input.paragraphs.map((p) => `<p style="${P}">${escapeHtml(p)}</p>`).join('');
  const list = itemList(input.items ?? []);
  const sections = (input.sections ?? [])
    .map(
      (section) =>
        `<h2 style="margin:24px 0 12px;font-size:16px;color:#f9fafb">${escapeHtml(section.heading)}</h2>${itemList(section.items)}`,
    )
    .join('');
  const cta = input.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.button.href)}" style="display:inline-block;background:#22c55e;color:#052e16;font-weight:bold;text-decoration:none;padding:12px 24px;border-radius:8px">${escapeHtml(input.button.label)}</a></p>`
    : '';
  const code = input.code
    ? `<p style="margin:0;color:#e5e7eb">${escapeHtml(input.code.label)}</p><p style="margin:16px 0 24px;font-size:32px;letter-spacing:8px;font-weight:bold;color:#22c55e;font-family:monospace">${escapeHtml(input.code.value)}</p>`
    : '';
  const footer = (input.footer ?? [{ text: 'Clube Escala. Se você não pediu este e-mail, ignore-o.' }])
    .map((line) => {
      const link = line.link
        ? ` <a href="${escapeHtml(line.link.href)}" style="color:#9ca3af">${escapeHtml(line.link.label)}</a>`
        : '';
      return `<p style="margin:8px 0 0;font-size:12px;color:#9ca3af">${escapeHtml(line.text)}${link}</p>`;
    })
    .join('');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="color-scheme" content="dark light"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#0b0f14;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#111827;border:1px solid #1f2937;border-radius:12px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#f9fafb">${escapeHtml(title)}</h1>
${body}${list}${sections}${cta}${code}
<div style="margin-top:24px">${footer}</div>
</div></body></html>`;
}
