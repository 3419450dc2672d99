// The studio in Chromium, with passkeys made and used by the DevTools protocol's virtual authenticator
// on the site served at `localhost` (decision 160). The journeys run one after the other on that
// site's own database, so the figures each one reads are a ledger written here by hand:
// 1. desktop, English: the operator invites the owner, who makes a passkey, reads the figures, signs
//    out and in again with the passkey, finds a member, refunds their challenge, changes the
//    challenge's price and invites a coach;
// 2. 375 px, Spanish: the coach makes a passkey, signs out and in again, and is refused what only an
//    owner may do; the emailed link signs them in once;
// 3. 375 px, Spanish: a second owner reads the figures of both members and refunds in Spanish.
// Every page met is scanned with axe. The journeys' steps are in studio-steps.ts; the journeys stay in
// one file, as each hands the next its ledger.
import { emailedLink, type Member, signIn, uniqueEmail } from './fixtures.ts';
import { test } from './flow-recorder.ts';
import { storyboardPicture } from './storyboard-picture.ts';
import { addAuthenticator, expectAccessible, operatorInvites } from './studio-journey.ts';
import { studioSiteUrl } from './studio-site.ts';
import { acceptInvite, expect, openPage, payingMember, signInWithPasskey, signOut } from './studio-steps.ts';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: studioSiteUrl() });

/** What the journeys hand on to the next: the first member, and the coach the owner invites. */
const ledger: { memberA?: Member; coachEmail?: string } = {};

test.describe('desktop, English', () => {
  test.use({ locale: 'en-US', viewport: { width: 1280, height: 900 } });

  test('the owner makes a passkey, reads the figures, refunds a charge, reprices the challenge and invites a coach', async ({
    page,
  }) => {
    test.slow();
    const memberA = await payingMember(page, 'en', 'Alma Studio', true);
    ledger.memberA = memberA;
    const authenticator = await addAuthenticator(page);
    const ownerEmail = uniqueEmail('owner');
    operatorInvites(studioSiteUrl(), ownerEmail, 'owner', 'en');

    await page.goto('/studio/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign in to the studio' })).toBeVisible();
    await storyboardPicture(page, 'staff-sign-in', 'choosing');
    await expectAccessible(page, 'the sign-in page');

    await acceptInvite(page, 'en', ownerEmail, 'Olga Owner');
    expect(await authenticator.passkeys()).toBe(1);
    // By hand: one weekly subscription, $14.99 × 52 ÷ 12 = $64.9567, rounded to $64.96 a month; paid
    // this month: $14.99 + $49.00 = $63.99.
    // The first read of the figures builds their summary: it may take a while.
    await expect(page.getByTestId('headline-mrr')).toHaveText('$64.96', { timeout: 20_000 });
    await expect(page.getByTestId('headline-active-members')).toHaveText('1');
    await storyboardPicture(page, 'staff-sign-in', 'signedIn');
    const revenue = page.getByRole('region', { name: 'Revenue and refunds by month' }).first();
    await expect(revenue.getByRole('row').last()).toContainText('$63.99');
    await expect(
      page.getByRole('region', { name: 'One-time sales' }).first().getByRole('row').last(),
    ).toContainText(/30-Day Shred\s*1\s*\$49\.00/);
    await expectAccessible(page, 'the figures');

    await signOut(page, 'en');
    await signInWithPasskey(page, 'en');

    await openPage(page, 'en', 'members');
    await page.getByRole('textbox', { name: 'Find a member' }).fill(memberA.email);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expectAccessible(page, 'the members');
    await page.getByRole('link', { name: 'Alma Studio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alma Studio' })).toBeVisible();
    const charges = page.getByRole('table', { name: 'Charges' });
    await expect(charges.getByRole('row')).toHaveCount(3);
    await expectAccessible(page, "a member's page");

    await charges.getByRole('button', { name: /^Refund 30-Day Shred/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund' });
    await expect(dialog.getByTestId('refund-words')).toHaveText(
      'Refund $49.00 to Visa •••• 4242; the member loses the 30-Day Shred',
    );
    await expectAccessible(page, 'the refund dialog');
    await storyboardPicture(page, 'studio-refund', 'confirming');
    await dialog.getByRole('button', { name: 'Refund $49.00' }).click();
    await expect(dialog.getByRole('status')).toContainText('$49.00 refunded.');
    await storyboardPicture(page, 'studio-refund', 'done');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(charges.getByRole('row').filter({ hasText: '30-Day Shred' })).toContainText('Refunded');

    // Catalogue: the challenge was sold, so a new amount replaces its price and members keep theirs.
    await openPage(page, 'en', 'catalogue');
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
    await expectAccessible(page, 'the catalogue');
    await page.getByRole('button', { name: 'Edit the price of 30-Day Shred' }).click();
    const editor = page.getByRole('dialog');
    await editor.getByLabel('Price (USD)').fill('59');
    await storyboardPicture(page, 'catalogue-edit', 'editing');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor.getByTestId('replacement-words')).toHaveText(
      'Members who hold $49.00 keep it; new members pay $59.00',
    );
    await storyboardPicture(page, 'catalogue-edit', 'confirmingReplacement');
    await editor.getByRole('button', { name: 'Save the new price' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByRole('main')).toContainText(/30-Day Shred \(challenge\)\s*\$59\.00/);
    await storyboardPicture(page, 'catalogue-edit', 'saved');
    // The preview of the plan cards says each plan's interval in words.
    await expect(page.getByRole('main')).toContainText(/Weekly[\s\S]*\$14\.99[\s\S]*weekly/);
    await expect(page.getByRole('main')).not.toContainText('plans.interval');

    await openPage(page, 'en', 'staff');
    await expectAccessible(page, 'the staff');
    const coachEmail = uniqueEmail('coach');
    await page.getByLabel('Email address').fill(coachEmail);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Invitation sent' })).toContainText(coachEmail);
    ledger.coachEmail = coachEmail;

    await openPage(page, 'en', 'account');
    await expect(page.getByRole('table', { name: 'My passkeys' })).toContainText('Test laptop');
    await expectAccessible(page, 'my account');

    // The member's own purchases say the same refund.
    await signIn(page, memberA);
    await page.goto('/profile/purchases');
    await expect(page.getByRole('main')).toContainText('$49 (refunded)30-Day Shred');
    await expect(page.getByRole('main')).toContainText(/Credit note: 30-Day Shred[^$]*\$49Download/);
  });
});

test.describe('375 px, Spanish', () => {
  test.use({
    locale: 'es-ES',
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });

  test('the coach the owner invited makes a passkey, signs in again with it and with an emailed link, and is refused what only an owner may do', async ({
    page,
  }) => {
    test.slow();
    const { coachEmail, memberA } = ledger;
    if (!coachEmail || !memberA) throw new Error('The desktop journey invites the coach first.');
    const authenticator = await addAuthenticator(page);
    const invite = await emailedLink(page.request, coachEmail, '/studio/invite');
    await acceptInvite(page, 'es', coachEmail, 'Carla Coach');
    expect(await authenticator.passkeys()).toBe(1);
    await expectAccessible(page, 'las cifras');

    await signOut(page, 'es');
    await expectAccessible(page, 'la entrada');
    await signInWithPasskey(page, 'es');

    // Only an owner manages the staff: the menu does not offer it, and its address says so.
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Equipo' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Cerrar el menú' }).click();
    await page.goto('/studio/staff');
    await expect(page.getByText('Solo un propietario gestiona el equipo.')).toBeVisible();
    await expectAccessible(page, 'el equipo, para un entrenador');

    // A coach reads a member's charges but is offered no refund; the catalogue only to read.
    await openPage(page, 'es', 'members');
    await page.getByRole('textbox', { name: 'Buscar un miembro' }).fill(memberA.email);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByRole('link', { name: 'Alma Studio' }).click();
    const charges = page.getByRole('table', { name: 'Cobros' });
    await expect(charges.getByRole('row')).toHaveCount(3);
    await expect(charges.getByRole('button', { name: /^Reembolsar/ })).toHaveCount(0);
    await expectAccessible(page, 'la página de un miembro');
    await openPage(page, 'es', 'catalogue');
    await expect(
      page.getByText('Los entrenadores pueden leer el catálogo; solo un propietario lo cambia.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Editar/ })).toHaveCount(0);
    await expectAccessible(page, 'el catálogo, para un entrenador');

    await openPage(page, 'es', 'account');
    await expect(page.getByRole('table', { name: 'Mis llaves de acceso' })).toContainText('Test laptop');
    await expectAccessible(page, 'mi cuenta');

    // The emailed link, the way in without the passkey: it works once.
    await signOut(page, 'es');
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(coachEmail);
    await page.getByRole('button', { name: 'Envíame un enlace' }).click();
    await expect(page.getByRole('status')).toContainText(`Si ${coachEmail} es del equipo del estudio`);
    await storyboardPicture(page, 'staff-sign-in', 'linkSent');
    await page.getByRole('button', { name: 'Volver a entrar' }).click();
    const link = await emailedLink(page.request, coachEmail, '/studio/sign-in?token=');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Cifras' })).toBeVisible();
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('Este enlace ya no sirve');
    await storyboardPicture(page, 'staff-sign-in', 'linkFailed');
    await page.getByRole('button', { name: 'Ir a entrar' }).click();
    await expect(page.getByRole('button', { name: 'Entrar con una llave de acceso' })).toBeVisible();
    await storyboardPicture(page, 'staff-sign-in', 'choosing');
    // The invitation, used, opens nothing either.
    await page.goto(invite);
    await expect(page.getByRole('alert')).toContainText('Este enlace ya no sirve');
    await storyboardPicture(page, 'staff-sign-in', 'inviteFailed');
  });

  test('a second owner reads both members in the figures, leaves a refund unmade, refunds in Spanish and changes the catalogue', async ({
    page,
  }) => {
    test.slow();
    const memberB = await payingMember(page, 'es', 'Beto Estudio', false);
    await addAuthenticator(page);
    const ownerEmail = uniqueEmail('owner-es');
    operatorInvites(studioSiteUrl(), ownerEmail, 'owner', 'es');
    await acceptInvite(page, 'es', ownerEmail, 'Olivia Propietaria');

    // By hand: two weekly subscriptions, 2 × $64.96 = $129.92 a month; paid this month: the first
    // member's $14.99 + $49.00 and the second's $14.99 = $78.98;
    // refunded: the first member's $49.00.
    await expect(page.getByTestId('headline-mrr')).toHaveText('$129,92', { timeout: 20_000 });
    await expect(page.getByTestId('headline-active-members')).toHaveText('2');
    await storyboardPicture(page, 'staff-sign-in', 'signedIn');
    const revenue = page.getByRole('region', { name: 'Ingresos y reembolsos por mes' }).first();
    await expect(revenue.getByRole('row').last()).toContainText(/\$78,98\s*\$49,00/);

    await openPage(page, 'es', 'members');
    await page.getByRole('textbox', { name: 'Buscar un miembro' }).fill(memberB.email);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('link', { name: 'Beto Estudio' }).click();
    const charges = page.getByRole('table', { name: 'Cobros' });
    await expect(charges.getByRole('row')).toHaveCount(2);

    // A refund left at its confirmation changes nothing.
    await charges.getByRole('button', { name: /^Reembolsar Coaching Membership/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Reembolso' });
    await expect(dialog.getByTestId('refund-words')).toContainText(/^Reembolsar \$14,99 a Visa •••• 4242/);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await storyboardPicture(page, 'studio-refund', 'cancelled');
    await expect(charges.getByRole('button', { name: /^Reembolsar/ })).toHaveCount(1);

    await charges.getByRole('button', { name: /^Reembolsar Coaching Membership/ }).click();
    await expect(dialog.getByTestId('refund-words')).toContainText(/^Reembolsar \$14,99 a Visa •••• 4242; /);
    await expectAccessible(page, 'el diálogo de reembolso');
    await storyboardPicture(page, 'studio-refund', 'confirming');
    await dialog.getByRole('button', { name: /^Reembolsar \$14,99/ }).click();
    await expect(dialog.getByRole('status')).toContainText('reembolsados');
    await storyboardPicture(page, 'studio-refund', 'done');
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(charges.getByRole('button', { name: /^Reembolsar/ })).toHaveCount(0);

    // The grant's last day speaks the page's language, not the browser's: typed as dd/mm/aaaa, or
    // picked in a calendar whose months and buttons are Spanish (decision 175).
    const lastDay = page.getByLabel('Último día (opcional)');
    await expect(lastDay).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await lastDay.click();
    await expect(page.getByRole('button', { name: 'Mes siguiente' })).toBeVisible();
    const month = new Intl.DateTimeFormat('es', { month: 'long', timeZone: 'UTC' }).format(new Date());
    await expect(page.getByText(new RegExp(`^${month} \\d{4}$`))).toBeVisible();
    // The picture once the calendar's fade-in has ended.
    await page.screenshot({
      path: test.info().outputPath('grant-last-day-es-375.png'),
      animations: 'disabled',
    });
    await page.keyboard.press('Escape');

    // A plan nobody bought is renamed at once; a coupon is archived after its confirmation.
    await openPage(page, 'es', 'catalogue');
    await page.getByRole('button', { name: /^Editar (Trimestral|Quarterly)$/ }).click();
    const editor = page.getByRole('dialog');
    await editor.getByLabel('Nombre (español)').fill('Trimestral plus');
    await storyboardPicture(page, 'catalogue-edit', 'editing');
    await editor.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByRole('table', { name: 'Planes de la membresía' })).toContainText(
      'Trimestral plus',
    );
    await storyboardPicture(page, 'catalogue-edit', 'saved');
    await expectAccessible(page, 'el catálogo');
    const coupons = page.getByRole('table', { name: 'Cupones' });
    await coupons
      .getByRole('button', { name: /^Archivar/ })
      .first()
      .click();
    const archive = page.getByRole('dialog');
    await expect(archive.getByRole('button', { name: 'Archivar' })).toBeVisible();
    await storyboardPicture(page, 'catalogue-edit', 'confirmingArchive');
    await archive.getByRole('button', { name: 'Archivar' }).click();
    await expect(archive).toBeHidden();
    await expect(coupons).toContainText('Archivado');
    await storyboardPicture(page, 'catalogue-edit', 'archived');
  });
});
