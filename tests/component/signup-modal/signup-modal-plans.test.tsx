import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { contractHttp } from '../../contract-http.ts';
import { member } from '../render-app.tsx';
import { server } from '../server.ts';
import {
  logIn,
  loginAnswers,
  modal,
  openFromNavBar,
  serveTheModalsApi,
  signUp,
} from './signup-modal.dom.tsx';
import {
  apiHandlers,
  PRODUCTS_WITH_TRIAL,
  renderWithFlows,
  shredBuyer,
  subscriberOf,
} from './signup-modal.fixtures.tsx';

serveTheModalsApi();

describe('signup modal, plans', () => {
  it("step 3 shows the 1, 3 and 12 month options, the annual saving, and 'Please select a subscription' without a plan", async () => {
    server.use(...apiHandlers(member()), loginAnswers);
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    expect(await within(dialog).findByText('Step 3 of 3')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Secure checkout' })).toBeTruthy();
    const annual = within(dialog).getByRole('radio', { name: /Annual/ });
    expect(annual.textContent).toContain('12 months');
    expect(annual.textContent).toContain('Save 31%');
    expect(within(dialog).getByRole('radio', { name: /Quarterly/ }).textContent).toContain('3 months');
    expect(within(dialog).getByRole('radio', { name: /Monthly/ }).textContent).toContain('1 month');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Checkout' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please select a subscription');
  });

  it('the plan cards are a radio group named by the step: one Tab stop, the arrow keys move and choose, wrapping', async () => {
    server.use(...apiHandlers(member()), loginAnswers);
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    const group = await within(dialog).findByRole('radiogroup', { name: 'Choose your plan' });
    const [annual, quarterly, monthly] = within(group).getAllByRole('radio');
    if (!annual || !quarterly || !monthly) throw new Error('three plans on sale');
    const tabStops = () =>
      within(group)
        .getAllByRole('radio')
        .filter((card) => card.tabIndex === 0);
    // Nothing chosen yet: the first card is the group's one Tab stop.
    expect(tabStops()).toEqual([annual]);
    expect(annual.getAttribute('aria-checked')).toBe('false');
    annual.focus();
    fireEvent.keyDown(annual, { key: 'ArrowDown' });
    await waitFor(() => expect(quarterly.getAttribute('aria-checked')).toBe('true'));
    expect(document.activeElement).toBe(quarterly);
    expect(tabStops()).toEqual([quarterly]);
    fireEvent.keyDown(quarterly, { key: 'ArrowUp' });
    fireEvent.keyDown(annual, { key: 'ArrowLeft' });
    await waitFor(() => expect(monthly.getAttribute('aria-checked')).toBe('true'));
    expect(document.activeElement).toBe(monthly);
    expect(annual.getAttribute('aria-checked')).toBe('false');
    expect(quarterly.getAttribute('aria-checked')).toBe('false');
    // The chosen card says so in words with a check mark, not by its border's colour alone (WCAG 1.4.1).
    const marked = within(group).getAllByTestId('plan-selected');
    expect(marked).toHaveLength(1);
    expect(monthly.contains(marked[0] ?? null)).toBe(true);
    expect(marked[0]?.textContent).toBe('Selected');
    expect(marked[0]?.querySelector('svg')).toBeTruthy();
  });

  it("grays a challenge already bought with 'You have already purchased this product', then Next Step leads to step 3", async () => {
    server.use(...apiHandlers(shredBuyer()), loginAnswers);
    await renderWithFlows('/challenge/shred');
    fireEvent.click(await screen.findByRole('button', { name: 'Join the challenge' }));
    const dialog = await modal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Already have an account? Login' }));
    await logIn(dialog);
    expect(await within(dialog).findByText('Step 2 of 3')).toBeTruthy();
    const card = within(dialog).getByRole('radio', { name: /Shred Challenge/ });
    expect(card.textContent).toContain('You have already purchased this product');
    expect((card as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next Step' }));
    expect(await within(dialog).findByText('Step 3 of 3')).toBeTruthy();
    // Step 3 of a challenge speaks with the challenge's own texts.
    expect(within(dialog).getByText('Stay strong after the Shred')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Join with a plan' })).toBeTruthy();
  });

  it('offers a monthly subscriber the upgrade to the annual plan, or to decline and go on', async () => {
    server.use(...apiHandlers(subscriberOf('price_monthly')), loginAnswers);
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    expect(await within(dialog).findByRole('heading', { name: 'You already have a plan' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'I want to upgrade' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No thanks, continue' }));
    expect(await within(dialog).findByText(/Manage your subscription in your profile/)).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: /Annual/ }).textContent).not.toContain('Subscribed');
  });

  it("step 3's 'Manage your subscription' closes the modal on the profile's subscription page", async () => {
    server.use(...apiHandlers(subscriberOf('price_monthly')), loginAnswers);
    const { router } = await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'No thanks, continue' }));
    fireEvent.click(await within(dialog).findByRole('link', { name: 'Manage your subscription' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/subscription'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("an annual subscriber only continues, and the annual card shows the 'Subscribed' flag", async () => {
    server.use(...apiHandlers(subscriberOf('price_annual')), loginAnswers);
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    expect(await within(dialog).findByRole('heading', { name: 'You already have a plan' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'I want to upgrade' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect((await within(dialog).findByRole('radio', { name: /Annual/ })).textContent).toContain(
      'Subscribed',
    );
  });

  it('says that checking out the plan held keeps it, when a change or the end is scheduled', async () => {
    const subscriber = subscriberOf('price_annual');
    const [held] = subscriber.customer.subscriptions.data;
    if (!held) throw new Error('no subscription');
    held.scheduled_plan = { ...held.plan, id: 'price_monthly', nickname: 'Monthly' };
    server.use(...apiHandlers(subscriber), loginAnswers);
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Continue' }));
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Annual/ }));
    expect(await within(dialog).findByRole('button', { name: 'Keep my plan' })).toBeTruthy();
    expect(within(dialog).getByText(/what you scheduled \(a change or the end\) is undone/)).toBeTruthy();
    // Another plan is a change, checked out as one.
    fireEvent.click(within(dialog).getByRole('radio', { name: /Monthly/ }));
    expect(await within(dialog).findByRole('button', { name: 'Checkout' })).toBeTruthy();
    expect(within(dialog).queryByText(/is undone/)).toBeNull();
  });
});

describe('signup modal, free trials', () => {
  it('promises the free trial to a visitor who signs up', async () => {
    server.use(
      ...apiHandlers(member(), PRODUCTS_WITH_TRIAL),
      contractHttp.post('/api/user/register', () =>
        HttpResponse.json({ success: true as const, user: member(), token: 'tok' }),
      ),
    );
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Signup');
    signUp(dialog);
    expect(await within(dialog).findByText('Step 3 of 3')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: /Monthly/ }).textContent).toContain('7-day free trial');
  });

  it('does not promise a free trial to a member who has had one, who is charged at once', async () => {
    const hadTrial = member();
    hadTrial.customer.had_trial = true;
    server.use(...apiHandlers(hadTrial, PRODUCTS_WITH_TRIAL), loginAnswers);
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    expect(await within(dialog).findByText('Step 3 of 3')).toBeTruthy();
    const monthly = within(dialog).getByRole('radio', { name: /Monthly/ });
    expect(monthly.textContent).toContain('$29.99');
    expect(monthly.textContent).not.toContain('free trial');
  });
});

describe('query parameters', () => {
  it('token plus openModal=true opens the signup modal, then both leave the address', async () => {
    server.use(...apiHandlers(null));
    const { router } = await renderWithFlows('/?token=abc&openModal=true&coupon=SPRING');
    const dialog = await modal();
    expect(within(dialog).getByPlaceholderText('Full Name')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({ coupon: 'SPRING' }));
  });
});
