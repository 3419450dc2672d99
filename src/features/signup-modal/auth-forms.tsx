// Step 1: the signup and login forms, validated on submit, and the reset-password view. They send
// what the member typed; the modal machine and the session decide what happens.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useModalActor } from './signup-modal.context.ts';
import { errorText } from './signup-modal.errors.ts';

// Spec section 5: the messages are the spec's; the keys are translated when shown.
const required = z.string().trim().min(1, 'signup.valueRequired');
const email = required.pipe(z.email('signup.invalidEmail'));
const signupSchema = z.object({ name: required, email, password: z.string().min(1, 'signup.valueRequired') });
const loginSchema = z.object({ email, password: z.string().min(1, 'signup.valueRequired') });
const resetSchema = z.object({ email: required });

type SignupValues = z.infer<typeof signupSchema>;
type LoginValues = z.infer<typeof loginSchema>;

function fieldError(t: TFunction, errors: FieldErrors, name: string): string | undefined {
  const message = errors[name]?.message;
  return typeof message === 'string' ? t(message) : undefined;
}

/** The flow's error (a key of section 8, or the server's message), or the form's own failure. */
function FormError({ invalid }: { invalid: boolean }) {
  const { t } = useTranslation();
  const error = useSelector(useModalActor(), (snapshot) => snapshot.context.error);
  const text = error ? errorText(error, t) : invalid ? t('signup.pleaseEnterEmailAndPassword') : null;
  return text ? (
    <Alert color="red" role="alert">
      {text}
    </Alert>
  ) : null;
}

export function SignupForm() {
  const { t } = useTranslation();
  const modal = useModalActor();
  const loading = useSelector(modal, (snapshot) => snapshot.hasTag('loading'));
  const [invalid, setInvalid] = useState(false);
  const form = useForm<SignupValues>({ resolver: zodResolver(signupSchema), mode: 'onSubmit' });
  const { errors } = form.formState;
  const submit = form.handleSubmit(
    (values) => {
      setInvalid(false);
      modal.send({ type: 'auth.submitSignup', ...values });
    },
    () => setInvalid(true),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2}>{t('signup.signupHeading')}</Title>
        <TextInput
          aria-label={t('signup.fullName')}
          placeholder={t('signup.fullName')}
          autoComplete="name"
          error={fieldError(t, errors, 'name')}
          {...form.register('name')}
        />
        <TextInput
          aria-label={t('signup.email')}
          placeholder={t('signup.email')}
          type="email"
          autoComplete="email"
          error={fieldError(t, errors, 'email')}
          {...form.register('email')}
        />
        <PasswordInput
          aria-label={t('signup.password')}
          placeholder={t('signup.password')}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('signup.showPassword') }}
          error={fieldError(t, errors, 'password')}
          {...form.register('password')}
        />
        <FormError invalid={invalid} />
        <Button type="submit" loading={loading}>
          {t('signup.submitSignup')}
        </Button>
        <Anchor component="button" type="button" onClick={() => modal.send({ type: 'auth.switchToLogin' })}>
          {t('signup.haveAccount')}
        </Anchor>
        <Group justify="center" gap="md">
          <Anchor
            component="button"
            type="button"
            onClick={() => modal.send({ type: 'auth.alreadySubscribed' })}
          >
            {t('signup.alreadySubscribed')}
          </Anchor>
          <Anchor
            component="button"
            type="button"
            onClick={() => modal.send({ type: 'auth.contactSupport' })}
          >
            {t('signup.contactSupport')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

export function LoginForm() {
  const { t } = useTranslation();
  const modal = useModalActor();
  const loading = useSelector(modal, (snapshot) => snapshot.hasTag('loading'));
  const [invalid, setInvalid] = useState(false);
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), mode: 'onSubmit' });
  const { errors } = form.formState;
  const submit = form.handleSubmit(
    (values) => {
      setInvalid(false);
      modal.send({ type: 'auth.submitLogin', ...values });
    },
    () => setInvalid(true),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2}>{t('signup.loginHeading')}</Title>
        <TextInput
          aria-label={t('signup.email')}
          placeholder={t('signup.email')}
          type="email"
          autoComplete="email"
          error={fieldError(t, errors, 'email')}
          {...form.register('email')}
        />
        <PasswordInput
          aria-label={t('signup.password')}
          placeholder={t('signup.password')}
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': t('signup.showPassword') }}
          error={fieldError(t, errors, 'password')}
          {...form.register('password')}
        />
        <FormError invalid={invalid} />
        <Button type="submit" loading={loading}>
          {t('signup.submitLogin')}
        </Button>
        <Anchor component="button" type="button" onClick={() => modal.send({ type: 'auth.forgotPassword' })}>
          {t('signup.forgotPassword')}
        </Anchor>
        <Anchor component="button" type="button" onClick={() => modal.send({ type: 'auth.switchToSignup' })}>
          {t('signup.noAccount')}
        </Anchor>
      </Stack>
    </form>
  );
}

export function ResetPasswordView() {
  const { t } = useTranslation();
  const modal = useModalActor();
  const loading = useSelector(modal, (snapshot) => snapshot.hasTag('loading'));
  const sent = useSelector(modal, (snapshot) =>
    snapshot.matches({ open: { auth: { resetPassword: 'sent' } } }),
  );
  const form = useForm<{ email: string }>({ resolver: zodResolver(resetSchema), mode: 'onSubmit' });
  const submit = form.handleSubmit((values) => modal.send({ type: 'auth.submitReset', email: values.email }));
  return (
    <Stack gap="sm">
      <Title order={2}>{t('signup.resetHeading')}</Title>
      {sent ? (
        <Text role="status">{t('signup.resetSent')}</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text>{t('signup.resetIntro')}</Text>
            <TextInput
              aria-label={t('signup.email')}
              placeholder={t('signup.email')}
              type="email"
              autoComplete="email"
              error={fieldError(t, form.formState.errors, 'email')}
              {...form.register('email')}
            />
            <FormError invalid={false} />
            <Button type="submit" loading={loading}>
              {t('signup.resetSubmit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component="button" type="button" onClick={() => modal.send({ type: 'auth.backToLogin' })}>
        {t('signup.backToLogin')}
      </Anchor>
    </Stack>
  );
}
