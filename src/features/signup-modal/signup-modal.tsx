import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Overlay.css';
// The full-screen, stepped signup / login modal (spec section 2). It renders the modal machine's state
// (tags, selectors, `can`) and sends its events; every rule lives in the machines.
import { ActionIcon, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { i18n } from 'i18next';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { progressOf } from '../../../machines/signup-modal/signup-modal.selectors.ts';
import { Busy } from '../../lib/busy.tsx';
import { focusHeadingOf } from '../../lib/heading-focus.ts';
import { pageLocale } from '../../lib/locale.ts';
import { ContentImage } from '../content/content-image.tsx';
import { useSiteSettings } from '../content/site-settings.ts';
import { AccountView } from './account-view.tsx';
import { LoginForm, ResetPasswordView, SignupForm } from './auth-forms.tsx';
import { AlreadyHavePlanScreen, ChallengeStep, CheckingOut, SubscriptionStep } from './plan-steps.tsx';
import {
  AuthStepContext,
  type AuthStepRef,
  FlowsContext,
  type ModalFlows,
  useModalActor,
} from './signup-modal.context.ts';
import classes from './signup-modal.module.css';
import { hasSignupModalTexts, loadSignupModalTexts, prefetchSignupModalTexts } from './signup-modal.texts.ts';
import { CheckInboxDialog, EmailVerifiedView } from './verification-views.tsx';

// This module is evaluated when a control that opens the modal is touched or focused (decision 084):
// its texts in the page's language are asked for then, beside the flows, not once the modal opens.
prefetchSignupModalTexts(pageLocale());

/**
 * The view's heading takes the focus on opening and each time `view` changes (Next Step, Back,
 * Continue), so the member lands on what the step now says.
 */
function useHeadingFocus(container: RefObject<HTMLDivElement | null>, view: string) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const opening = shown.current === null;
    shown.current = view;
    return container.current
      ? focusHeadingOf(container.current, 'h1, h2, h3', { autofocus: opening })
      : undefined;
  }, [container, view]);
}

type AuthScreen = 'signup' | 'login' | 'resetPassword' | 'checkInbox' | 'emailVerified';

/** Step 1's screens, by the account step's tags. */
const AUTH_SCREENS: ReadonlyArray<[tag: string, screen: AuthScreen]> = [
  ['dialog:checkInbox', 'checkInbox'],
  ['view:resetPassword', 'resetPassword'],
  ['view:login', 'login'],
  ['view:signup', 'signup'],
  ['view:verifyingEmail', 'emailVerified'],
];

function AuthStepScreen({ step }: { step: AuthStepRef }) {
  const screen = useSelector(step, (snapshot): AuthScreen | null => {
    for (const [tag, name] of AUTH_SCREENS) if (snapshot.hasTag(tag)) return name;
    return null;
  });
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  useHeadingFocus(container, screen ?? 'loading');
  const view = (() => {
    switch (screen) {
      case 'signup':
        return <SignupForm />;
      case 'login':
        return <LoginForm />;
      case 'resetPassword':
        return <ResetPasswordView />;
      case 'checkInbox':
        return <CheckInboxDialog />;
      case 'emailVerified':
        return <EmailVerifiedView />;
      case null:
        return <Busy label={t('content.loading')} />;
    }
  })();
  return (
    <AuthStepContext.Provider value={step}>
      <div ref={container}>{view}</div>
    </AuthStepContext.Provider>
  );
}

type Screen = 'account' | 'auth' | 'challenge' | 'alreadyHavePlan' | 'plans' | 'checkingOut';

const SCREENS: ReadonlyArray<[tag: string, screen: Screen]> = [
  ['view:account', 'account'],
  ['step:auth', 'auth'],
  ['step:challenge', 'challenge'],
  ['screen:alreadyHavePlan', 'alreadyHavePlan'],
  ['step:plans', 'plans'],
];

function ModalScreen() {
  const modal = useModalActor();
  const screen = useSelector(modal, (snapshot): Screen => {
    for (const [tag, name] of SCREENS) if (snapshot.hasTag(tag)) return name;
    return 'checkingOut';
  });
  const authStep = useSelector(modal, (snapshot) => snapshot.children.authStep);
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  useHeadingFocus(container, screen);
  const view = (() => {
    switch (screen) {
      case 'account':
        return <AccountView />;
      case 'auth':
        return authStep ? (
          <AuthStepScreen key={authStep.id} step={authStep} />
        ) : (
          <Busy label={t('content.loading')} />
        );
      case 'challenge':
        return <ChallengeStep />;
      case 'alreadyHavePlan':
        return <AlreadyHavePlanScreen />;
      case 'plans':
        return <SubscriptionStep />;
      case 'checkingOut':
        return <CheckingOut />;
    }
  })();
  return <div ref={container}>{view}</div>;
}

/**
 * Whose site the member is on, as the nav bar shows it: a member arriving from an email, or paying,
 * sees the trainer's icon and name above the step (decision 148).
 */
function ModalBrand() {
  const { settings, siteName } = useSiteSettings();
  return (
    <Group gap="xs" justify="center" wrap="nowrap" className={classes.brand} data-testid="modal-brand">
      {settings?.icon ? <ContentImage image={settings.icon} alt="" width={24} height={24} /> : null}
      <Text component="span" fw={700} size="sm" truncate>
        {siteName}
      </Text>
    </Group>
  );
}

/** The site's icon and name, the back arrow, the step (the dialog's name: 'Step 1 of 3') and the progress bar. */
function ModalHeader() {
  const { t } = useTranslation();
  const modal = useModalActor();
  const progress = useSelector(modal, progressOf, (a, b) => a.step === b.step && a.total === b.total);
  const canGoBack = useSelector(modal, (snapshot) => snapshot.can({ type: 'modal.back' }));
  const stepText = t('signup.progress', { step: progress.step, total: progress.total });
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" style={{ flex: 1 }}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={t('signup.back')}
        disabled={!canGoBack}
        onClick={() => modal.send({ type: 'modal.back' })}
      >
        <span aria-hidden="true">←</span>
      </ActionIcon>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <ModalBrand />
        {/* The dialog's name: polite, so a screen reader says the new step when it changes. */}
        <Modal.Title component="p" fz="sm" ta="center" aria-live="polite">
          {stepText}
        </Modal.Title>
        <Progress value={(progress.step / progress.total) * 100} aria-label={stepText} />
      </Stack>
    </Group>
  );
}

/**
 * Gives the focus back to the control that had it when the modal opened, once it closes. Mantine's
 * own return notes that control when `opened` changes, which misses the first opening: the modal's
 * code arrives with the first request, so it mounts already open. The control is read while the
 * opening renders, before the focus trap moves the focus inside.
 */
function useFocusReturn(opened: boolean) {
  const opener = useRef<Element | null>(null);
  const wasOpened = useRef(false);
  if (opened && !wasOpened.current) opener.current = document.activeElement;
  wasOpened.current = opened;
  useEffect(() => {
    if (opened) return;
    const element = opener.current;
    opener.current = null;
    if (element instanceof HTMLElement && element.isConnected) element.focus();
  }, [opened]);
}

function ModalFrame() {
  const { t } = useTranslation();
  const modal = useModalActor();
  const opened = useSelector(modal, (snapshot) => snapshot.hasTag('modal:open'));
  useFocusReturn(opened);
  return (
    <Modal.Root
      opened={opened}
      onClose={() => modal.send({ type: 'modal.close' })}
      fullScreen
      returnFocus={false}
      transitionProps={{ duration: 0 }}
    >
      <Modal.Overlay />
      <Modal.Content>
        {/* A div, not Mantine's <header>: inside the dialog it would be a second banner landmark beside the site's. */}
        <Modal.Header component="div">
          <ModalHeader />
          <Modal.CloseButton aria-label={t('signup.close')} />
        </Modal.Header>
        <Modal.Body>
          <div className={classes.body}>
            <ModalScreen />
          </div>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/**
 * The i18n instance the modal reads its texts from: a copy of the site's, sharing its catalogue,
 * that takes up the site's language once the modal's texts in it have arrived (decision 083). After
 * a language switch the modal keeps its language until then, rather than showing keys or a mix of
 * languages. Null until the modal's texts in the first language are in.
 */
function useModalI18n(site: i18n): i18n | null {
  const [modal, setModal] = useState(() =>
    hasSignupModalTexts(site, site.language) ? site.cloneInstance({ lng: site.language }) : null,
  );
  useEffect(() => {
    let current = true;
    const follow = (language: string) => {
      void loadSignupModalTexts(site, language).then(() => {
        if (!current || site.language !== language) return;
        setModal((shown) => (shown?.language === language ? shown : site.cloneInstance({ lng: language })));
      });
    };
    follow(site.language);
    site.on('languageChanged', follow);
    return () => {
      current = false;
      site.off('languageChanged', follow);
    };
  }, [site]);
  return modal;
}

export function SignupModal({ flows }: { flows: ModalFlows }) {
  const { i18n } = useTranslation();
  const modalI18n = useModalI18n(i18n);
  // Nothing shows before the modal's texts in the visitor's language: never a bare key.
  if (!modalI18n) return null;
  return (
    <I18nextProvider i18n={modalI18n}>
      <FlowsContext.Provider value={flows}>
        <ModalFrame />
      </FlowsContext.Provider>
    </I18nextProvider>
  );
}
