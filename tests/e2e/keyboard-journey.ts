// The member's whole journey with the keyboard alone (decision 116): Tab, Shift+Tab, Enter,
// Space, the arrow keys and typing, never a click or a fill. From Home's Signup through the form, the
// check-your-inbox dialog, the emailed link (opened as the member's mail client would), the verified
// view, the plans, the sandbox's hosted payment page and the confirmation, to the profile from the
// nav. At each new screen: where the focus is, what a screen reader is given to say, and an axe scan.
// Walked at 1280 px in English (keyboard-journey.spec.ts) and at 375 px in Spanish
// (keyboard-journey.mobile.spec.ts), with the texts each hears (the locales' and the seed's).
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { emailedLink, PASSWORD, uniqueEmail } from './fixtures.ts';
import { expect } from './flow-recorder.ts';

/** What the member reads and hears on the way, in one language. */
export interface JourneyTexts {
  signup: string;
  step: (n: number) => string;
  signupHeading: string;
  fullName: string;
  email: string;
  password: string;
  submitSignup: string;
  checkInbox: string;
  verified: string;
  continue: string;
  plansHeading: string;
  weekly: RegExp;
  checkout: string;
  sandboxTitle: string;
  wallet: RegExp;
  cardNumber: string;
  pay: RegExp;
  thanks: string;
  toSubscription: string;
  subscriptionHeading: string;
  profileHeading: string;
}

export const ENGLISH: JourneyTexts = {
  signup: 'Signup',
  step: (n) => `Step ${n} of 3`,
  signupHeading: 'Create your account',
  fullName: 'Full Name',
  email: 'Enter email',
  password: 'Password',
  submitSignup: 'Sign up',
  checkInbox: 'Check your inbox',
  verified: 'Your email is verified',
  continue: 'Continue',
  plansHeading: 'Secure checkout',
  weekly: /Weekly/,
  checkout: 'Checkout',
  sandboxTitle: 'Secure checkout (sandbox)',
  wallet: /^Wallet: /,
  cardNumber: 'Card number',
  pay: /^Pay /,
  thanks: 'Thank you! Your subscription is being set up.',
  toSubscription: 'See my subscription',
  subscriptionHeading: 'Manage My Subscription',
  profileHeading: 'My Profile',
};

export const SPANISH: JourneyTexts = {
  signup: 'Registrarse',
  step: (n) => `Paso ${n} de 3`,
  signupHeading: 'Crea tu cuenta',
  fullName: 'Nombre Completo',
  email: 'Ingresa tu correo',
  password: 'Contraseña',
  submitSignup: 'Registrarse',
  checkInbox: 'Revisa tu bandeja de entrada',
  verified: 'Tu correo está verificado',
  continue: 'Continuar',
  plansHeading: 'Pago seguro',
  weekly: /Semanal/,
  checkout: 'Pagar',
  sandboxTitle: 'Pago seguro (entorno de pruebas)',
  wallet: /^Monedero: /,
  cardNumber: 'Número de tarjeta',
  pay: /^Pagar /,
  thanks: '¡Gracias! Estamos activando tu suscripción.',
  toSubscription: 'Ver mi suscripción',
  subscriptionHeading: 'Administrar mi suscripción',
  profileHeading: 'Mi perfil',
};

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** An axe scan (WCAG 2.0 and 2.1, A and AA) of the page as it is now; any violation fails, listed. */
export async function expectNoViolations(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_A_AA).analyze();
  const found = violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  expect(found, `accessibility violations on ${screen}`).toEqual([]);
}

const dialog = (page: Page) => page.getByRole('dialog');

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user reaches a control. */
export async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let press = 0; press < 40; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target}`);
}

/**
 * The focused element shows that it is: the browser's focus-visible state, and an outline drawn or,
 * for a field that marks its focus with its border (Mantine's inputs), a border unlike `unfocused`'s,
 * a field of the same kind without the focus.
 */
export async function expectFocusVisible(target: Locator, unfocused?: Locator) {
  await expect(target).toBeFocused();
  const look = (element: Element) => {
    const style = getComputedStyle(element);
    return {
      focusVisible: element.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
      border: style.borderColor,
    };
  };
  const focused = await target.evaluate(look);
  expect(focused.focusVisible).toBe(true);
  if (unfocused)
    expect(focused.outline || focused.border !== (await unfocused.evaluate(look)).border).toBe(true);
  else expect(focused.outline).toBe(true);
}

/**
 * A step's heading has the focus (moved there so a screen reader says the new step) and draws no
 * ring: it is no control, and the browser's ring around it read as a heavy box.
 */
export async function expectFocusWithoutRing(heading: Locator) {
  await expect(heading).toBeFocused();
  const outline = await heading.evaluate((element) => {
    const style = getComputedStyle(element);
    return style.outlineStyle === 'none' || Number.parseFloat(style.outlineWidth) === 0
      ? 'none'
      : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
  });
  expect(outline).toBe('none');
}

/**
 * The journey, from Home to the profile. `openProfile` reaches the profile from the nav, which
 * differs by width (the member's name at 1280 px, the menu at 375 px), from the subscription section.
 */
export async function walkTheJourney(
  page: Page,
  request: APIRequestContext,
  T: JourneyTexts,
  openProfile: (page: Page) => Promise<void>,
): Promise<void> {
  const email = uniqueEmail('keyboard-journey');

  // Home: Signup in the nav is reached by Tab and opens the modal on step 1's signup form.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, 'home');
  const signup = page.getByRole('navigation').getByRole('button', { name: T.signup, exact: true });
  await tabTo(page, signup);
  await expectFocusVisible(signup);
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toHaveAccessibleName(T.step(1));
  await expect(dialog(page).getByText(T.step(1))).toHaveAttribute('aria-live', 'polite');
  // The heading has the focus (not the Back arrow, the trap's first control), and Tab goes on to
  // the first field.
  await expect(dialog(page).getByRole('heading', { name: T.signupHeading })).toBeFocused();
  await expectNoViolations(page, 'the signup form');
  await page.keyboard.press('Tab');
  await expectFocusVisible(dialog(page).getByPlaceholder(T.fullName), dialog(page).getByPlaceholder(T.email));

  // An email the server cannot take: the error is an alert, and the form keeps what was typed.
  await page.keyboard.type('Keyboard Member');
  await page.keyboard.press('Tab');
  await expect(dialog(page).getByPlaceholder(T.email)).toBeFocused();
  await page.keyboard.type('not-an-email');
  await page.keyboard.press('Tab');
  await expect(dialog(page).getByPlaceholder(T.password)).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByRole('alert')).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: T.checkInbox })).toHaveCount(0);

  // Back to the email with Shift+Tab, corrected, and sent with Enter on Sign up.
  const emailField = dialog(page).getByPlaceholder(T.email);
  await tabTo(page, emailField, 'Shift+Tab');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(email);
  const send = dialog(page).getByRole('button', { name: T.submitSignup, exact: true });
  await tabTo(page, send);
  await expectFocusVisible(send);
  await page.keyboard.press('Enter');

  // The check-your-inbox dialog: its heading has the focus.
  await expect(dialog(page).getByRole('heading', { name: T.checkInbox })).toBeFocused();
  await expect(dialog(page)).toHaveAccessibleName(T.step(1));
  await expectNoViolations(page, 'the check-your-inbox dialog');

  // The member opens the emailed link: the verified view, its heading focused once it shows.
  await page.goto(await emailedLink(request, email, 'openModal=true'));
  const verified = dialog(page).getByRole('heading', { name: T.verified });
  // The view moves on by itself after 3 s (spec): Continue is pressed before then, and the axe
  // scan, which takes about that long, is left to the plans.
  await expectFocusWithoutRing(verified);
  await page.keyboard.press('Tab');
  await expectFocusVisible(dialog(page).getByRole('button', { name: T.continue, exact: true }));
  await page.keyboard.press('Space');

  // The plans: the heading has the focus, the live region says step 3, the arrow keys choose.
  await expect(dialog(page)).toHaveAccessibleName(T.step(3));
  await expect(dialog(page).getByText(T.step(3))).toHaveAttribute('aria-live', 'polite');
  await expectFocusWithoutRing(dialog(page).getByRole('heading', { name: T.plansHeading }));
  await expectNoViolations(page, 'the plans');
  const group = dialog(page).getByRole('radiogroup');
  const weekly = group.getByRole('radio', { name: T.weekly });
  const first = group.getByRole('radio').first();
  await tabTo(page, first);
  await expectFocusVisible(first);
  for (let press = 0; press < 6 && !(await weekly.evaluate((e) => e === document.activeElement)); press += 1)
    await page.keyboard.press('ArrowDown');
  await expect(weekly).toBeFocused();
  await expect(weekly).toHaveAttribute('aria-checked', 'true');
  await expect(group.getByRole('radio', { checked: true })).toHaveCount(1);
  const checkout = dialog(page).getByRole('button', { name: T.checkout, exact: true });
  await tabTo(page, checkout);
  await expectFocusVisible(checkout);
  await page.keyboard.press('Enter');

  // The sandbox's hosted page: a new document, so the first Tab reaches its first field, each
  // field named by its label; the card is typed and paid with Enter.
  await expect(page.getByRole('heading', { level: 1, name: T.sandboxTitle })).toBeVisible();
  await page.waitForLoadState();
  await expectNoViolations(page, 'the sandbox checkout page');
  // The wallet's button comes before the card's fields, as Stripe's page puts its wallets first.
  const wallet = page.getByRole('button', { name: T.wallet });
  for (let tabs = 0; tabs < 6 && !(await wallet.evaluate((e) => e === document.activeElement)); tabs++) {
    await page.keyboard.press('Tab');
  }
  await expectFocusVisible(wallet);
  await page.keyboard.press('Tab');
  const number = page.getByLabel(T.cardNumber);
  await expectFocusVisible(number);
  await page.keyboard.type('4242 4242 4242 4242');
  await page.keyboard.press('Tab');
  await expect(page.locator('#expiry')).toBeFocused();
  await page.keyboard.type('12/40');
  await page.keyboard.press('Tab');
  await expect(page.locator('#cvc')).toBeFocused();
  await page.keyboard.type('123');
  const pay = page.getByRole('button', { name: T.pay });
  await tabTo(page, pay);
  await expectFocusVisible(pay);
  await page.keyboard.press('Enter');

  // The confirmation: the member is signed in and the page says so.
  await expect(page).toHaveURL(/\/confirmation$/);
  const thanks = page.getByRole('heading', { name: T.thanks });
  await expect(thanks).toBeVisible();
  await expectNoViolations(page, 'the confirmation');

  // The confirmation's link leads into the profile area; its heading takes the focus, since the
  // link that had it is gone with the page.
  await page.keyboard.press('Tab');
  const seeSubscription = page.getByRole('link', { name: T.toSubscription });
  await tabTo(page, seeSubscription);
  await expectFocusVisible(seeSubscription);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\/subscription$/);
  await expect(page.getByRole('heading', { name: T.subscriptionHeading })).toBeFocused();
  await expectNoViolations(page, 'the subscription section');

  // The profile from the nav, reached by Shift+Tab back up the page.
  await openProfile(page);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: T.profileHeading })).toBeFocused();
  await expectNoViolations(page, 'the profile');
}
