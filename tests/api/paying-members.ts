// Members who sign up and pay through a running server process's hosted pages over HTTP, as a
// browser would, and the dev mailbox they read: for the tests that drive the CLI against that server.
import { expect } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { CARD } from './hosted-pages.ts';
import { PASSWORD, uniqueEmail } from './members.ts';

export function payingMembers(serverUrl: () => string) {
  async function api(
    method: string,
    url: string,
    init: { token?: string; json?: unknown; form?: object } = {},
  ) {
    const headers: Record<string, string> = {};
    if (init.token) headers.token = init.token;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    return fetch(new URL(url, serverUrl()), {
      method,
      headers,
      redirect: 'manual',
      ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
      ...(init.form && { body: new URLSearchParams(init.form as Record<string, string>).toString() }),
    });
  }

  /** The dev mailbox's messages to `email`, newest first. */
  async function mailTo(email: string): Promise<{ subject: string; links: { url: string }[] }[]> {
    const listed = (await (await api('GET', '/dev/mailbox.json')).json()) as {
      messages: { to: string; subject: string; links: { url: string }[] }[];
    };
    return listed.messages.filter((m) => m.to === email);
  }

  /** A member who signs up and pays for `prices` on the sandbox's hosted checkout page. */
  async function memberWho(prices: string[]): Promise<string> {
    const email = uniqueEmail('cli');
    const registered = await api('POST', '/api/user/register?gateway=true', {
      json: {
        name: 'Cli Member',
        email,
        password: PASSWORD,
        trainerID: DEMO_TRAINER_ID,
        os_type: 'Unknown',
        enableEmailVerification: true,
      },
    });
    expect(registered.status).toBe(201);
    const { token, user } = (await registered.json()) as { token: string; user: { _id: string } };
    // The site asks for a verified email before checkout: the member follows the emailed link.
    const link = (await mailTo(email)).flatMap((m) => m.links)[0]?.url ?? '';
    const verifying = new URL(link).searchParams.get('token') ?? '';
    const verified = await api('PUT', `/api/user/${user._id}`, {
      token: verifying,
      json: { user: { email_verified: true } },
    });
    expect(verified.status).toBe(200);
    const started = await api('POST', '/api/user/startGatewayStripeSession', {
      token,
      json: { prices, trainerID: DEMO_TRAINER_ID, route: '/', campaign: null },
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const page = new URL(((await started.json()) as { url: string }).url).pathname;
    const promise = /name="promise" value="([^"]+)"/.exec(await (await api('GET', page)).text())?.[1] ?? '';
    expect((await api('POST', page, { form: { ...CARD, promise } })).status).toBe(303);
    return email;
  }
  return { api, mailTo, memberWho };
}
