// The emails the API sends, in the member's language. Links are built by the caller from PUBLIC_URL,
// never from the request's Host header.
export type Locale = 'en' | 'es';

export type MailTemplate =
  | { kind: 'verifyEmail'; name: string; trainerName: string; link: string }
  | { kind: 'resetPassword'; name: string; trainerName: string; link: string };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  links: { label: string; url: string }[];
}

interface Texts {
  subject: string;
  greeting: string;
  body: string;
  button: string;
  footer: string;
}

const TEXTS: Record<MailTemplate['kind'], Record<Locale, (t: MailTemplate) => Texts>> = {
  verifyEmail: {
    en: (t) => ({
      subject: `${t.trainerName}: verify your email`,
      greeting: `Hi ${t.name},`,
      body: 'Please confirm your email address to finish creating your account.',
      button: 'Verify my email',
      footer: 'This link expires in 24 hours. If you did not sign up, you can ignore this email.',
    }),
    es: (t) => ({
      subject: `${t.trainerName}: verifica tu correo electrónico`,
      greeting: `Hola ${t.name}:`,
      body: 'Confirma tu dirección de correo electrónico para terminar de crear tu cuenta.',
      button: 'Verificar mi correo',
      footer: 'Este enlace caduca en 24 horas. Si no te registraste, puedes ignorar este correo.',
    }),
  },
  resetPassword: {
    en: (t) => ({
      subject: `${t.trainerName}: reset your password`,
      greeting: `Hi ${t.name},`,
      body: 'We received a request to reset your password. Choose a new one with the link below.',
      button: 'Reset my password',
      footer:
        'This link expires in 1 hour and works once. If you did not ask for it, you can ignore this email.',
    }),
    es: (t) => ({
      subject: `${t.trainerName}: restablece tu contraseña`,
      greeting: `Hola ${t.name}:`,
      body: 'Recibimos una solicitud para restablecer tu contraseña. Elige una nueva con el enlace de abajo.',
      button: 'Restablecer mi contraseña',
      footer:
        'Este enlace caduca en 1 hora y funciona una sola vez. Si no lo solicitaste, puedes ignorar este correo.',
    }),
  },
};

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function renderMail(template: MailTemplate, locale: Locale): RenderedMail {
  const t = TEXTS[template.kind][locale](template);
  const text = [t.greeting, '', t.body, '', `${t.button}: ${template.link}`, '', t.footer].join('\n');
  const html = [
    `<!doctype html><html lang="${locale}"><body>`,
    `<p>${escapeHtml(t.greeting)}</p>`,
    `<p>${escapeHtml(t.body)}</p>`,
    `<p><a href="${escapeHtml(template.link)}">${escapeHtml(t.button)}</a></p>`,
    `<p>${escapeHtml(t.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: t.subject, text, html, links: [{ label: t.button, url: template.link }] };
}
