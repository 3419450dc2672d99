// Pause, resume and the cancel button's offer at 375 px, in Spanish (tests/e2e/membership-journey.ts).
import { test } from './flow-recorder.ts';
import { membershipJourney } from './membership-journey.ts';

test.use({ locale: 'es-ES' });

test('pausa en el portal y lo ve en el perfil, la anula, pausa y reanuda antes, y acepta la oferta', async ({
  page,
  request,
}, info) => {
  test.slow();
  await membershipJourney(page, request, 'es', (name) => info.outputPath(`membership-mobile-es-${name}.png`));
});
