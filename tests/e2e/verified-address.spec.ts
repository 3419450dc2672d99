// The `verified=true` address opened signed out, at 1280 px in English (verified-address.ts).
import { test } from './flow-recorder.ts';
import { ENGLISH, walkTheVerifiedAddress } from './verified-address.ts';

test('the verified=true address opened signed out asks to log in, then checks out to the payment page', async ({
  page,
  request,
}) => {
  await walkTheVerifiedAddress(page, request, ENGLISH);
});
