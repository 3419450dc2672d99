// The sandbox pages' texts, in the member's language (the locale saved on the session).
export type SandboxLocale = 'en' | 'es';

const en = {
  checkoutTitle: 'Secure checkout (sandbox)',
  portalTitle: 'Manage your subscription (sandbox)',
  testMode:
    'Test mode: pay with 4242 4242 4242 4242, any future expiry date and any CVC. 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 pays now and is declined on renewal.',
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
  expiryPlaceholder: 'MM/YY',
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
  signedOut:
    'This page ended when you signed out or your password changed. Nothing was changed. Sign in and open it again from your profile.',
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
  thenOnDate: (amount: string, date: string, later: string, interval: string) =>
    `Then ${amount} on ${date}, and ${later} ${interval} after that`,
  thenUntil: (amount: string, interval: string, date: string, later: string) =>
    `Then ${amount} ${interval} until ${date}, and ${later} ${interval} after that`,
  alreadySubscribed:
    'You already have a subscription. Nothing was charged: change your plan from Manage My Subscription.',
  paidWith: (card: string) => `Paid with ${card}`,
  updateCard: 'Update card',
  saveCard: 'Save card',
  payments: 'Payments',
  noPayments: 'No payments yet.',
  refund: 'Refund',
  refunded: 'Refunded',
  testClock: 'Test clock',
  testClockNote: (date: string) =>
    `Sandbox time for this member: ${date}. Moving it ahead sends the renewals, trial ends and retries due in that time.`,
  advance: { day: '+1 day', week: '+1 week', month: '+1 month', year: '+1 year' } as Record<string, string>,
  changeTitle: 'Change your plan (sandbox)',
  changeDone: 'This plan change has already been confirmed.',
  changeUnavailable: 'This plan change is no longer available. Start again from the site.',
  currentPlan: 'Current plan',
  newPlan: 'New plan',
  newPlanCharge: 'New plan, from today',
  unusedCredit: 'Credit for the unused time of the current plan',
  changeOn: (date: string) =>
    `The new plan starts when the current period ends, on ${date}. Nothing is charged today.`,
  changeInTrial: (date: string) => `Your free trial goes on until ${date}; the new plan is charged then.`,
  nextRenewal: (date: string, amount: string) => `Next renewal: ${date}, ${amount}`,
  renewsInsteadOfEnding: (date: string) =>
    `Your subscription is set to end. With this change it renews instead: the next period ends on ${date}.`,
  quoteStands: (time: string) => `This quote stands until ${time}.`,
  quoteChanged:
    'The amounts changed since this page was shown (time passed, or your subscription changed). Nothing was charged: please review the new figures below.',
  checkoutChanged:
    'The total changed since this page was shown. Nothing was charged: please review the new total below.',
  alreadyHeld: 'You have already purchased this product. Nothing was charged.',
  couponGone: 'The promo code on this checkout has expired. Nothing was charged. Start again from the site.',
  pastDue:
    'Your last payment did not go through. Nothing was charged and your plan is unchanged: please update your card first.',
  changeDeclined: 'Your card was declined. Nothing was charged and your plan was not changed.',
  cardDeclinedDue: (amount: string) =>
    `This card was declined for the ${amount} that is overdue. Nothing was charged and your card was not changed.`,
  confirmAndPay: 'Confirm and pay',
  confirmChange: 'Confirm the change',
  keepPlan: 'Keep my current plan and return to the site',
};

export type SandboxMessages = typeof en;

const es: SandboxMessages = {
  checkoutTitle: 'Pago seguro (entorno de pruebas)',
  portalTitle: 'Gestiona tu suscripción (entorno de pruebas)',
  testMode:
    'Modo de prueba: paga con 4242 4242 4242 4242, cualquier fecha de caducidad futura y cualquier CVC. La 4000 0000 0000 0002 se rechaza; la 4000 0000 0000 0341 paga ahora y se rechaza al renovar.',
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
  expiryPlaceholder: 'MM/AA',
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
  signedOut:
    'Esta página terminó al cerrar tu sesión o cambiar tu contraseña. No se ha cambiado nada. Inicia sesión y vuelve a abrirla desde tu perfil.',
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
  thenOnDate: (amount, date, later, interval) =>
    `Después ${amount} el ${date}, y ${later} ${interval} a partir de entonces`,
  thenUntil: (amount, interval, date, later) =>
    `Después ${amount} ${interval} hasta el ${date}, y ${later} ${interval} a partir de entonces`,
  alreadySubscribed:
    'Ya tienes una suscripción. No se ha cobrado nada: cambia tu plan desde Gestionar mi suscripción.',
  paidWith: (card) => `Pagado con ${card}`,
  updateCard: 'Actualizar tarjeta',
  saveCard: 'Guardar tarjeta',
  payments: 'Pagos',
  noPayments: 'Todavía no hay pagos.',
  refund: 'Reembolsar',
  refunded: 'Reembolsado',
  testClock: 'Reloj de prueba',
  testClockNote: (date) =>
    `Hora del entorno de pruebas para este miembro: ${date}. Adelantarla envía las renovaciones, los finales de prueba y los reintentos de ese tiempo.`,
  advance: { day: '+1 día', week: '+1 semana', month: '+1 mes', year: '+1 año' },
  changeTitle: 'Cambia tu plan (entorno de pruebas)',
  changeDone: 'Este cambio de plan ya se ha confirmado.',
  changeUnavailable: 'Este cambio de plan ya no está disponible. Vuelve a empezar desde el sitio.',
  currentPlan: 'Plan actual',
  newPlan: 'Plan nuevo',
  newPlanCharge: 'Plan nuevo, desde hoy',
  unusedCredit: 'Crédito por el tiempo no usado del plan actual',
  changeOn: (date) =>
    `El plan nuevo empieza cuando termine el periodo actual, el ${date}. Hoy no se cobra nada.`,
  changeInTrial: (date) => `Tu prueba gratuita sigue hasta el ${date}; el plan nuevo se cobra entonces.`,
  nextRenewal: (date, amount) => `Próxima renovación: ${date}, ${amount}`,
  renewsInsteadOfEnding: (date) =>
    `Tu suscripción iba a terminar. Con este cambio se renueva: el próximo periodo termina el ${date}.`,
  quoteStands: (time) => `Este presupuesto es válido hasta el ${time}.`,
  quoteChanged:
    'Los importes han cambiado desde que se mostró esta página (ha pasado el tiempo o tu suscripción ha cambiado). No se ha cobrado nada: revisa las nuevas cifras.',
  checkoutChanged:
    'El total ha cambiado desde que se mostró esta página. No se ha cobrado nada: revisa el nuevo total.',
  alreadyHeld: 'Ya has comprado este producto. No se ha cobrado nada.',
  couponGone:
    'El código promocional de este pago ha caducado. No se ha cobrado nada. Vuelve a empezar desde el sitio.',
  pastDue:
    'Tu último pago no se ha realizado. No se ha cobrado nada y tu plan sigue igual: actualiza primero tu tarjeta.',
  changeDeclined: 'Tu tarjeta ha sido rechazada. No se ha cobrado nada y tu plan no ha cambiado.',
  cardDeclinedDue: (amount) =>
    `Esta tarjeta ha sido rechazada para los ${amount} pendientes. No se ha cobrado nada y tu tarjeta no ha cambiado.`,
  confirmAndPay: 'Confirmar y pagar',
  confirmChange: 'Confirmar el cambio',
  keepPlan: 'Mantener mi plan actual y volver al sitio',
};

export function sandboxMessages(locale: string): { locale: SandboxLocale; t: SandboxMessages } {
  return locale === 'es' ? { locale: 'es', t: es } : { locale: 'en', t: en };
}
