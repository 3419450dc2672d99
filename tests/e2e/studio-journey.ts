// What the studio's browser journeys share (tests/e2e/studio.spec.ts): a passkey authenticator of the
// DevTools protocol's WebAuthn domain in the page's browser, the operator's CLI inviting the first
// owner, the studio's own texts in each language (locales/studio), and an axe scan that fails on a
// serious or critical violation.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { TRAINER_ID } from './fixtures.ts';
import { STUDIO_ADMIN_TOKEN } from './studio-site.ts';

type Texts = Record<string, unknown>;
const TEXTS: Record<'en' | 'es', Texts> = {
  en: JSON.parse(readFileSync('locales/studio/en.json', 'utf8')) as Texts,
  es: JSON.parse(readFileSync('locales/studio/es.json', 'utf8')) as Texts,
};

/** A text of the studio in a language, its `{{placeholders}}` filled. */
export function studioText(locale: 'en' | 'es', key: string, values: Record<string, string> = {}): string {
  const found = `studio.${key}`
    .split('.')
    .reduce<unknown>((node, part) => (node as Texts)?.[part], TEXTS[locale]);
  if (typeof found !== 'string') throw new Error(`No studio text ${key} in ${locale}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => values[name] ?? `{{${name}}}`);
}

export interface Authenticator {
  /** How many passkeys the authenticator holds. */
  passkeys(): Promise<number>;
}

/**
 * Gives the page's browser a platform authenticator that holds discoverable passkeys and confirms
 * every prompt as a person with a fingerprint would, so the sign-in page's own WebAuthn calls run.
 */
export async function addAuthenticator(page: Page): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    passkeys: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length,
  };
}

/** The operator invites someone to the studio with `npm run trainer -- staff invite`, as docs/studio.md says. */
export function operatorInvites(
  siteUrl: string,
  email: string,
  role: 'owner' | 'coach',
  locale: 'en' | 'es',
) {
  // The CLI talks to the admin API, which needs no site identity: the server's own address will do.
  const apiUrl = siteUrl.replace('//localhost:', '//127.0.0.1:');
  const out = execFileSync(
    process.execPath,
    ['cli/trainer.ts', 'staff', 'invite', TRAINER_ID, email, '--role', role, '--locale', locale, '--json'],
    { env: { ...process.env, TRAINER_API_URL: apiUrl, ADMIN_TOKEN: STUDIO_ADMIN_TOKEN }, encoding: 'utf8' },
  );
  const { invite } = JSON.parse(out) as { invite: { email: string; role: string } };
  expect(invite).toMatchObject({ email, role });
}

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Scans the page as it is now and fails on any serious or critical violation, naming each. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_A_AA).analyze();
  const found = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
  expect(found, `serious or critical accessibility violations on ${screen}`).toEqual([]);
}
