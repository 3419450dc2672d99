// The words the members' area's browser journeys read, in each language: the locales' and the
// sandbox's, written out here so the journeys check them rather than read them from the code.
import type { Locale } from '../../domain/localized.ts';

/** What the member reads on the way, in one language: the locales' words and the sandbox's. */
export interface LibraryTexts {
  locale: Locale;
  startDay1: string;
  openLibrary: string;
  markDone: string;
  undo: string;
  doneOn: string;
  nextOpensOn: (date: string) => string;
  back: (title: string) => string;
  dayState: { done: string; opensOn: (date: string) => string; open: string };
  dayOf: (day: number, total: number) => string;
  myLibrary: string;
  refund: string;
  backToSite: string;
  cancelAtPeriodEnd: string;
  refunded: string;
  ended: string;
  getChallenge: string;
  seePlans: string;
  until: (date: string) => string;
  noLongerOpen: string;
  notYetOpen: string;
  checkAgain: string;
  notFound: string;
  retry: string;
}

export const ENGLISH: LibraryTexts = {
  locale: 'en',
  startDay1: 'Start day 1',
  openLibrary: 'Open your library',
  markDone: 'Mark as done',
  undo: 'Undo',
  doneOn: 'Done on',
  nextOpensOn: (date) => `Day 2 opens on ${date}`,
  back: (title) => `Back to ${title}`,
  dayState: { done: 'Done', opensOn: (date) => `Opens on ${date}`, open: 'Open' },
  dayOf: (day, total) => `Day ${day} of ${total}`,
  myLibrary: 'My library',
  refund: 'Refund',
  backToSite: 'Return to the site',
  cancelAtPeriodEnd: 'Cancel at the end of the period',
  refunded: 'Your purchase was refunded, so it is closed.',
  ended: 'Your membership has ended, so it is closed.',
  getChallenge: 'Get the challenge',
  seePlans: 'See the plans',
  until: (date) => `Open until ${date}`,
  noLongerOpen: 'No longer open',
  notYetOpen: 'Not open yet',
  checkAgain: 'Check again',
  notFound: 'This is not in your library.',
  retry: 'Try again',
};

export const SPANISH: LibraryTexts = {
  locale: 'es',
  startDay1: 'Empezar el día 1',
  openLibrary: 'Abrir tu biblioteca',
  markDone: 'Marcar como completado',
  undo: 'Deshacer',
  doneOn: 'Completado el',
  nextOpensOn: (date) => `Día 2 se abre el ${date}`,
  back: (title) => `Volver a ${title}`,
  dayState: { done: 'Completado', opensOn: (date) => `Se abre el ${date}`, open: 'Disponible' },
  dayOf: (day, total) => `Día ${day} de ${total}`,
  myLibrary: 'Mi biblioteca',
  refund: 'Reembolsar',
  backToSite: 'Volver al sitio',
  cancelAtPeriodEnd: 'Cancelar al final del periodo',
  refunded: 'Tu compra se reembolsó, así que está cerrado.',
  ended: 'Tu membresía terminó, así que está cerrado.',
  getChallenge: 'Conseguir el reto',
  seePlans: 'Ver los planes',
  until: (date) => `Disponible hasta el ${date}`,
  noLongerOpen: 'Ya no disponibles',
  notYetOpen: 'Aún no disponible',
  checkAgain: 'Comprobar de nuevo',
  notFound: 'Esto no está en tu biblioteca.',
  retry: 'Intentar de nuevo',
};
