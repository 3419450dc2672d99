// The members' area at 375 px in Spanish: tests/e2e/library-journey.ts says what each journey does.
import { test } from './flow-recorder.ts';
import { challengeJourney, membershipJourney, SPANISH } from './library-journey.ts';

test.use({ locale: 'es-ES' });
// A member pays on the sandbox's page and the portal before the journey goes on.
test.slow();

test('un reto comprado, el día 1 empezado desde la confirmación y completado, el día 2 al día siguiente, luego reembolsado y cerrado', async ({
  page,
  request,
}) => {
  await challengeJourney(page, request, SPANISH);
});

test('un miembro mensual abre la biblioteca, cancela al final del periodo, la conserva hasta el final y la pierde después', async ({
  page,
  request,
}) => {
  await membershipJourney(page, request, SPANISH);
});
