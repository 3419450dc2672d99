// The emails of an account and its sign-in: confirming the address, resetting the password, the
// address changed, an account already there, and a studio's invitation and sign-in link.
import type { Base, TextsOf } from './email-texts.ts';

export type AccountMail =
  | ({ kind: 'verifyEmail' } & Base)
  | ({ kind: 'resetPassword' } & Base)
  | ({ kind: 'emailChanged'; newEmail: string } & Base)
  | ({ kind: 'accountExists' } & Base)
  | ({ kind: 'studioInvite'; role: string; invitedBy: string; expiresOn: string } & Base)
  | ({ kind: 'studioSignInLink' } & Base);

// Each key is spelled out whole, so the catalogue checks (tests/unit/locales) find every one in use.
export const ACCOUNT_TEXTS: TextsOf<AccountMail> = {
  verifyEmail: (t, m) => ({
    subject: t('verifyEmail.subject', m),
    greeting: t('greeting', m),
    body: t('verifyEmail.body'),
    button: t('verifyEmail.button'),
    footer: t('verifyEmail.footer'),
  }),
  resetPassword: (t, m) => ({
    subject: t('resetPassword.subject', m),
    greeting: t('greeting', m),
    body: t('resetPassword.body'),
    button: t('resetPassword.button'),
    footer: t('resetPassword.footer'),
  }),
  emailChanged: (t, m) => ({
    subject: t('emailChanged.subject', m),
    greeting: t('greeting', m),
    body: t('emailChanged.body', m),
    button: t('emailChanged.button'),
    footer: t('emailChanged.footer'),
  }),
  accountExists: (t, m) => ({
    subject: t('accountExists.subject', m),
    greeting: t('greeting', m),
    body: t('accountExists.body'),
    button: t('accountExists.button'),
    footer: t('accountExists.footer'),
  }),
  studioInvite: (t, m) => ({
    subject: t('studioInvite.subject', m),
    greeting: t('greeting', m),
    body: t('studioInvite.body', m),
    details: [m.role === 'owner' ? t('studioInvite.roleOwner') : t('studioInvite.roleCoach')],
    button: t('studioInvite.button'),
    footer: t('studioInvite.footer', m),
  }),
  studioSignInLink: (t, m) => ({
    subject: t('studioSignInLink.subject', m),
    greeting: t('greeting', m),
    body: t('studioSignInLink.body', m),
    button: t('studioSignInLink.button'),
    footer: t('studioSignInLink.footer'),
  }),
};
