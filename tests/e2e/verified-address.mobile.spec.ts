// The `verified=true` address opened signed out, at 375 px in Spanish (verified-address.ts).
import { test } from './flow-recorder.ts';
import { SPANISH, walkTheVerifiedAddress } from './verified-address.ts';

test.use({ locale: 'es-ES' });

test('the verified=true address opened signed out asks to log in, then checks out to the payment page, in Spanish on a phone', async ({
  page,
  request,
}) => {
  await walkTheVerifiedAddress(page, request, SPANISH);
});
