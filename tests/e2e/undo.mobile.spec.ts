// Undoing a scheduled cancellation at 375 px, in Spanish (tests/e2e/undo-journey.ts).
import { test } from './flow-recorder.ts';
import { undoJourney } from './undo-journey.ts';

test.use({ locale: 'es-ES' });

test('cancela en el portal con un motivo y mantiene la membresía desde Administrar mi suscripción', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  await undoJourney(page, request, 'es', (name) => info.outputPath(`undo-mobile-es-${name}.png`));
});
