// Members for the day-page benchmark: each signs up (its own address, so the per-address limits stay
// out of it), follows the emailed link from the dev mailbox, buys the 30-Day Shred on the sandbox's
// hosted checkout page as a browser would, and
// opens day 1 once, which starts the program. Many members, so the benchmark's requests are not one
// token's repeated (a cache keyed by the session would flatter them).
import { randomBytes } from 'node:crypto';

export interface Reader {
  token: string;
  /** Day 1's unit key. */
  key: string;
}

const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const SHRED = '/api/user/library/challenge/30-day-shred';

async function reader(base: string, n: number): Promise<Reader> {
  const from = { 'x-forwarded-for': `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}` };
  const json = { 'content-type': 'application/json', ...from };
  const registered = await fetch(`${base}/api/user/register?gateway=true`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      name: 'Reader',
      email: `reader-${randomBytes(4).toString('hex')}@example.com`,
      password: 'a long enough password',
      trainerID: 'demo-trainer',
      enableEmailVerification: true,
    }),
  });
  const { token, user } = (await registered.json()) as {
    token: string;
    user: { _id: string; email: string };
  };
  // The demo site asks for a verified email before a checkout: the member follows the emailed link.
  const mailbox = (await (await fetch(`${base}/dev/mailbox.json`)).json()) as {
    messages: { to: string; links: { url: string }[] }[];
  };
  const link = mailbox.messages.find((m) => m.to === user.email)?.links[0]?.url ?? '';
  const verified = await fetch(`${base}/api/user/${user._id}`, {
    method: 'PUT',
    headers: { ...json, token: new URL(link).searchParams.get('token') ?? '' },
    body: JSON.stringify({ user: { email_verified: true } }),
  });
  if (!verified.ok) throw new Error(`the email link answered ${verified.status}`);
  const started = await fetch(`${base}/api/user/startGatewayStripeSession`, {
    method: 'POST',
    headers: { ...json, token },
    body: JSON.stringify({
      prices: ['demo-trainer-price-challenge'],
      trainerID: 'demo-trainer',
      route: '/',
      campaign: null,
    }),
  });
  const page = new URL(((await started.json()) as { url: string }).url).pathname;
  const promise =
    /name="promise" value="([^"]+)"/.exec(await (await fetch(`${base}${page}`)).text())?.[1] ?? '';
  const paid = await fetch(`${base}${page}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...from },
    body: new URLSearchParams({ ...CARD, promise }).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`the checkout answered ${paid.status}`);
  const item = (await (await fetch(`${base}${SHRED}`, { headers: { token } })).json()) as {
    item: { units: { key: string }[] };
  };
  const key = item.item.units[0]?.key ?? '';
  const opened = await fetch(`${base}${SHRED}/units/${key}`, { headers: { token } });
  if (!opened.ok) throw new Error(`day 1 answered ${opened.status}`);
  return { token, key };
}

/** `count` members who hold the challenge and have opened day 1, made a few at a time. */
export async function libraryReaders(base: string, count: number): Promise<Reader[]> {
  const readers: Reader[] = [];
  for (let n = 0; n < count; n += 4) {
    readers.push(
      ...(await Promise.all(Array.from({ length: Math.min(4, count - n) }, (_, i) => reader(base, n + i)))),
    );
  }
  return readers;
}

/** A day page's content call, each request by the next member in turn. */
export function dayPageCall(base: string, readers: readonly Reader[]): () => Promise<boolean> {
  let next = 0;
  return async () => {
    const r = readers[next++ % readers.length];
    if (!r) return false;
    const res = await fetch(`${base}${SHRED}/units/${r.key}`, { headers: { token: r.token } });
    await res.arrayBuffer();
    return res.ok;
  };
}
