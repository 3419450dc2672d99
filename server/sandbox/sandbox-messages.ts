// The sandbox pages' texts, in the member's language (the locale saved on the session).
export type SandboxLocale = 'en' | 'es';

const en = {
  checkoutTitle: 'Secure checkout (sandbox)',
  portalTitle: 'Manage your subscription (sandbox)',
  testMode:
    'Test mode: pay with 4242 4242 4242 4242, any future expiry date and any CVC. 4000 0000 0000 0002 is declined.',
  item: 'Item',
  price: 'Price',
  trial: (days: number) => `${days}-day free trial: nothing is charged today`,
  discount: (code: string) => `Discount (${code})`,
  totalToday: 'Total due today',
  thenEvery: (amount: string, interval: string) => `Then ${amount} ${interval}`,
  intervals: { day: 'per day', week: 'per week', month: 'per month', year: 'per year' } as Record<
    string,
    string
  >,
  everyN: (n: number, unit: string) => `every ${n} ${unit}s`,
  units: { day: 'day', week: 'week', month: 'month', year: 'year' } as Record<string, string>,
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
  pay: 'Pay',
  startTrial: 'Start free trial',
  cancel: 'Cancel and return to the site',
  declined: 'Your card was declined. Nothing was charged; try another card.',
  invalidNumber: 'Enter a card number of 12 to 19 digits.',
  unknownCard: 'This sandbox only accepts the test cards: use 4242 4242 4242 4242.',
  invalidExpiry: 'Enter the expiry date as MM/YY.',
  expiredCard: 'This card has expired: enter a future expiry date.',
  invalidCvc: 'Enter the 3 or 4 digit CVC.',
  notFound: 'This payment link is not valid.',
  expired: 'This payment link has expired. Start again from the site.',
  alreadyPaid: 'This checkout has already been paid.',
  continueToSite: 'Continue to the site',
  noSubscriptions: 'You have no subscriptions.',
  status: {
    trialing: 'Free trial',
    active: 'Active',
    past_due: 'Payment overdue',
    canceled: 'Cancelled',
    incomplete: 'Incomplete',
    unpaid: 'Unpaid',
  } as Record<string, string>,
  renewsOn: (date: string) => `Renews on ${date}`,
  trialEndsOn: (date: string) => `Trial ends on ${date}`,
  endsOn: (date: string) => `Cancelled: ends on ${date}`,
  cancelAtPeriodEnd: 'Cancel at the end of the period',
  backToSite: 'Return to the site',
};

export type SandboxMessages = typeof en;

const es: SandboxMessages = {
  checkoutTitle: 'Pago seguro (entorno de pruebas)',
  portalTitle: 'Gestiona tu suscripción (entorno de pruebas)',
  testMode:
    'Modo de prueba: paga con 4242 4242 4242 4242, cualquier fecha de caducidad futura y cualquier CVC. La 4000 0000 0000 0002 se rechaza.',
  item: 'Artículo',
  price: 'Precio',
  trial: (days) => `Prueba gratuita de ${days} días: hoy no se cobra nada`,
  discount: (code) => `Descuento (${code})`,
  totalToday: 'Total a pagar hoy',
  thenEvery: (amount, interval) => `Después ${amount} ${interval}`,
  intervals: { day: 'al día', week: 'a la semana', month: 'al mes', year: 'al año' },
  everyN: (n, unit) => `cada ${n} ${unit}`,
  units: { day: 'días', week: 'semanas', month: 'meses', year: 'años' },
  cardNumber: 'Número de tarjeta',
  expiry: 'Caducidad (MM/AA)',
  cvc: 'CVC',
  pay: 'Pagar',
  startTrial: 'Empezar la prueba gratuita',
  cancel: 'Cancelar y volver al sitio',
  declined: 'Tu tarjeta ha sido rechazada. No se ha cobrado nada; prueba con otra tarjeta.',
  invalidNumber: 'Introduce un número de tarjeta de 12 a 19 dígitos.',
  unknownCard: 'Este entorno de pruebas solo acepta las tarjetas de prueba: usa 4242 4242 4242 4242.',
  invalidExpiry: 'Introduce la fecha de caducidad como MM/AA.',
  expiredCard: 'Esta tarjeta ha caducado: introduce una fecha futura.',
  invalidCvc: 'Introduce el CVC de 3 o 4 dígitos.',
  notFound: 'Este enlace de pago no es válido.',
  expired: 'Este enlace de pago ha caducado. Vuelve a empezar desde el sitio.',
  alreadyPaid: 'Este pago ya se ha realizado.',
  continueToSite: 'Continuar al sitio',
  noSubscriptions: 'No tienes suscripciones.',
  status: {
    trialing: 'Prueba gratuita',
    active: 'Activa',
    past_due: 'Pago atrasado',
    canceled: 'Cancelada',
    incomplete: 'Incompleta',
    unpaid: 'Impagada',
  },
  renewsOn: (date) => `Se renueva el ${date}`,
  trialEndsOn: (date) => `La prueba termina el ${date}`,
  endsOn: (date) => `Cancelada: termina el ${date}`,
  cancelAtPeriodEnd: 'Cancelar al final del periodo',
  backToSite: 'Volver al sitio',
};

export function sandboxMessages(locale: string): { locale: SandboxLocale; t: SandboxMessages } {
  return locale === 'es' ? { locale: 'es', t: es } : { locale: 'en', t: en };
}
