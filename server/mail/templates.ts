// The emails the API sends, in the member's language. Links are built by the caller from PUBLIC_URL,
// never from the request's Host header.
export type Locale = 'en' | 'es';

interface Base {
  name: string;
  /** The site's name from the CMS settings (the trainer's record when the CMS does not answer). */
  trainerName: string;
  link: string;
}

/** Billing emails carry amounts and dates already formatted in the member's language, and say how dates are stated. */
interface Billing extends Base {
  datesNote: string;
}

export type MailTemplate =
  | ({ kind: 'verifyEmail' } & Base)
  | ({ kind: 'resetPassword' } & Base)
  | ({ kind: 'emailChanged'; newEmail: string } & Base)
  | ({ kind: 'accountExists' } & Base)
  | ({ kind: 'receipt'; amount: string; description: string; card: string; date: string } & Billing)
  | ({ kind: 'trialStarted'; plan: string; trialEnd: string; afterTrial: string } & Billing)
  | ({ kind: 'trialEnding'; plan: string; date: string; amount: string } & Billing)
  | ({ kind: 'paymentFailed'; plan: string; amount: string; nextAttempt: string | null } & Billing)
  | ({
      kind: 'planChanged';
      from: string;
      to: string;
      nextCharges: string;
      renewed: boolean;
      /** The renewal a scheduled change takes effect at; null when it took effect now. */
      scheduledFor: string | null;
    } & Billing)
  | ({ kind: 'cancellationScheduled'; plan: string; endsOn: string } & Billing)
  | ({ kind: 'subscriptionEnded'; plan: string; endedOn: string } & Billing);

type Kind = MailTemplate['kind'];
type TemplateOf<K extends Kind> = Extract<MailTemplate, { kind: K }>;

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
  /** Lines of facts (amount, date, card), each on its own line. */
  details?: string[];
  button: string;
  footer: string;
}

const TEXTS: { [K in Kind]: Record<Locale, (t: TemplateOf<K>) => Texts> } = {
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
  emailChanged: {
    en: (t) => ({
      subject: `${t.trainerName}: your email address was changed`,
      greeting: `Hi ${t.name},`,
      body: `The email address of your account was changed to ${t.newEmail}. From now on we write to that address only.`,
      button: 'Reset my password',
      footer:
        'If you did not make this change, reset your password with the link above and contact us: someone may have your password.',
    }),
    es: (t) => ({
      subject: `${t.trainerName}: se cambió tu dirección de correo`,
      greeting: `Hola ${t.name}:`,
      body: `La dirección de correo de tu cuenta se cambió a ${t.newEmail}. A partir de ahora solo escribiremos a esa dirección.`,
      button: 'Restablecer mi contraseña',
      footer:
        'Si no hiciste este cambio, restablece tu contraseña con el enlace de arriba y contáctanos: alguien podría tener tu contraseña.',
    }),
  },
  accountExists: {
    en: (t) => ({
      subject: `${t.trainerName}: you already have an account`,
      greeting: `Hi ${t.name},`,
      body: 'Someone tried to create an account with this email address, which already has one. If it was you, sign in; if you have forgotten your password, reset it from the sign-in form.',
      button: 'Go to the site',
      footer: 'If it was not you, you can ignore this email: nothing has changed in your account.',
    }),
    es: (t) => ({
      subject: `${t.trainerName}: ya tienes una cuenta`,
      greeting: `Hola ${t.name}:`,
      body: 'Alguien intentó crear una cuenta con esta dirección de correo, que ya tiene una. Si fuiste tú, inicia sesión; si olvidaste tu contraseña, restablécela desde el formulario de inicio de sesión.',
      button: 'Ir al sitio',
      footer: 'Si no fuiste tú, puedes ignorar este correo: nada ha cambiado en tu cuenta.',
    }),
  },
  receipt: {
    en: (t) => ({
      subject: `${t.trainerName}: your receipt`,
      greeting: `Hi ${t.name},`,
      body: 'Thank you for your payment. Here is your receipt.',
      details: [
        `Amount paid: ${t.amount}`,
        `For: ${t.description}`,
        `Paid with: ${t.card}`,
        `Date: ${t.date}`,
      ],
      button: 'See my purchases',
      footer: 'Keep this email for your records.',
    }),
    es: (t) => ({
      subject: `${t.trainerName}: tu recibo`,
      greeting: `Hola ${t.name}:`,
      body: 'Gracias por tu pago. Este es tu recibo.',
      details: [
        `Importe pagado: ${t.amount}`,
        `Concepto: ${t.description}`,
        `Pagado con: ${t.card}`,
        `Fecha: ${t.date}`,
      ],
      button: 'Ver mis compras',
      footer: 'Guarda este correo para tus registros.',
    }),
  },
  trialStarted: {
    en: (t) => ({
      subject: `${t.trainerName}: your free trial has started`,
      greeting: `Hi ${t.name},`,
      body: `Your free trial of ${t.plan} has started. Nothing has been charged.`,
      details: [`Trial ends: ${t.trialEnd}`, `${t.afterTrial}, unless you cancel before the trial ends`],
      button: 'Manage my subscription',
      footer: 'You can cancel at any time from your profile.',
    }),
    es: (t) => ({
      subject: `${t.trainerName}: tu prueba gratuita ha comenzado`,
      greeting: `Hola ${t.name}:`,
      body: `Tu prueba gratuita de ${t.plan} ha comenzado. No se ha cobrado nada.`,
      details: [
        `La prueba termina: ${t.trialEnd}`,
        `${t.afterTrial}, salvo que canceles antes de que termine la prueba`,
      ],
      button: 'Gestionar mi suscripción',
      footer: 'Puedes cancelar en cualquier momento desde tu perfil.',
    }),
  },
  trialEnding: {
    en: (t) => ({
      subject: `${t.trainerName}: your free trial ends in 3 days`,
      greeting: `Hi ${t.name},`,
      body: `Your free trial of ${t.plan} ends on ${t.date}. Your card will then be charged ${t.amount}.`,
      button: 'Manage my subscription',
      footer: 'To avoid the charge, cancel before the trial ends.',
    }),
    es: (t) => ({
      subject: `${t.trainerName}: tu prueba gratuita termina en 3 días`,
      greeting: `Hola ${t.name}:`,
      body: `Tu prueba gratuita de ${t.plan} termina el ${t.date}. Entonces se cobrará ${t.amount} a tu tarjeta.`,
      button: 'Gestionar mi suscripción',
      footer: 'Para evitar el cargo, cancela antes de que termine la prueba.',
    }),
  },
  paymentFailed: {
    en: (t) => ({
      subject: `${t.trainerName}: your payment failed`,
      greeting: `Hi ${t.name},`,
      body: `We could not charge ${t.amount} for ${t.plan}. Please update your card.`,
      details: [
        t.nextAttempt
          ? `We will try again on ${t.nextAttempt}.`
          : 'This was the last attempt: the subscription will be cancelled.',
      ],
      button: 'Update my card',
      footer: 'If your card details are correct, your bank may have declined the payment.',
    }),
    es: (t) => ({
      subject: `${t.trainerName}: tu pago no se ha podido realizar`,
      greeting: `Hola ${t.name}:`,
      body: `No hemos podido cobrar ${t.amount} por ${t.plan}. Actualiza tu tarjeta.`,
      details: [
        t.nextAttempt
          ? `Lo intentaremos de nuevo el ${t.nextAttempt}.`
          : 'Era el último intento: la suscripción se cancelará.',
      ],
      button: 'Actualizar mi tarjeta',
      footer: 'Si los datos de tu tarjeta son correctos, puede que tu banco haya rechazado el pago.',
    }),
  },
  planChanged: {
    en: (t) => ({
      subject: `${t.trainerName}: your plan has changed`,
      greeting: `Hi ${t.name},`,
      body: t.scheduledFor
        ? `Your subscription changes from ${t.from} to ${t.to} on ${t.scheduledFor}. Until then your plan stays as it is.`
        : `Your subscription has changed from ${t.from} to ${t.to}.`,
      details: [
        ...(t.renewed ? ['Your subscription was set to end: with the new plan it renews instead.'] : []),
        t.nextCharges,
      ],
      button: 'Manage my subscription',
      footer: 'You can change or cancel your plan at any time from your profile.',
    }),
    es: (t) => ({
      subject: `${t.trainerName}: tu plan ha cambiado`,
      greeting: `Hola ${t.name}:`,
      body: t.scheduledFor
        ? `Tu suscripción cambia de ${t.from} a ${t.to} el ${t.scheduledFor}. Hasta entonces tu plan sigue igual.`
        : `Tu suscripción ha cambiado de ${t.from} a ${t.to}.`,
      details: [
        ...(t.renewed ? ['Tu suscripción iba a terminar: con el plan nuevo se renueva.'] : []),
        t.nextCharges,
      ],
      button: 'Gestionar mi suscripción',
      footer: 'Puedes cambiar o cancelar tu plan en cualquier momento desde tu perfil.',
    }),
  },
  cancellationScheduled: {
    en: (t) => ({
      subject: `${t.trainerName}: your subscription has been cancelled`,
      greeting: `Hi ${t.name},`,
      body: `Your subscription to ${t.plan} has been cancelled. You keep access until ${t.endsOn}, and nothing more will be charged.`,
      button: 'Manage my subscription',
      footer: 'Changed your mind? You can choose a plan again at any time.',
    }),
    es: (t) => ({
      subject: `${t.trainerName}: tu suscripción ha sido cancelada`,
      greeting: `Hola ${t.name}:`,
      body: `Tu suscripción a ${t.plan} ha sido cancelada. Mantienes el acceso hasta el ${t.endsOn} y no se cobrará nada más.`,
      button: 'Gestionar mi suscripción',
      footer: '¿Has cambiado de opinión? Puedes volver a elegir un plan en cualquier momento.',
    }),
  },
  subscriptionEnded: {
    en: (t) => ({
      subject: `${t.trainerName}: your subscription has ended`,
      greeting: `Hi ${t.name},`,
      body: `Your subscription to ${t.plan} ended on ${t.endedOn}.`,
      button: 'Choose a plan',
      footer: 'We hope to see you again.',
    }),
    es: (t) => ({
      subject: `${t.trainerName}: tu suscripción ha terminado`,
      greeting: `Hola ${t.name}:`,
      body: `Tu suscripción a ${t.plan} terminó el ${t.endedOn}.`,
      button: 'Elegir un plan',
      footer: 'Esperamos volver a verte.',
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
  const texts = TEXTS[template.kind][locale] as (t: MailTemplate) => Texts;
  const t = texts(template);
  const details = [...(t.details ?? []), ...('datesNote' in template ? [template.datesNote] : [])];
  const text = [
    t.greeting,
    '',
    t.body,
    ...(details.length ? ['', ...details] : []),
    '',
    `${t.button}: ${template.link}`,
    '',
    t.footer,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${locale}"><body>`,
    `<p>${escapeHtml(t.greeting)}</p>`,
    `<p>${escapeHtml(t.body)}</p>`,
    ...(details.length ? [`<ul>${details.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>`] : []),
    `<p><a href="${escapeHtml(template.link)}">${escapeHtml(t.button)}</a></p>`,
    `<p>${escapeHtml(t.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: t.subject, text, html, links: [{ label: t.button, url: template.link }] };
}
