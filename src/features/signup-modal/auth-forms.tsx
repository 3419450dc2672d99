// Step 1: the signup and login forms, validated on submit, and the reset-password view. They send
// what the member typed; the modal machine and the session decide what happens.
// Buttons show Mantine's Loader while they wait.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { type FieldValues, type Path, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import type { AuthStepEvent } from '../../../machines/signup-modal/signup-modal.types.ts';
import { type FieldErrorProps, messageText, useFieldErrors } from '../../text/messages.ts';
import { useAuthStep } from './signup-modal.context.ts';

// Spec section 5: the messages are the spec's; the keys are translated when shown. Zod's functional
// build (`zod/mini`) keeps the modal's chunk light (decision 083).
const required = z.string().check(z.trim(), z.minLength(1, 'signup.valueRequired'));
const email = z.pipe(required, z.email('signup.invalidEmail'));
const password = z.string().check(z.minLength(1, 'signup.valueRequired'));
const signupSchema = z.object({ name: required, email, password });
const loginSchema = z.object({ email, password });
const resetSchema = z.object({ email: required });

type FieldProps = UseFormRegisterReturn & FieldErrorProps;

function EmailField(props: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      aria-label={t('signup.email')}
      placeholder={t('signup.email')}
      type="email"
      autoComplete="email"
      {...props}
    />
  );
}

function PasswordField(props: FieldProps & { autoComplete: 'new-password' | 'current-password' }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      aria-label={t('signup.password')}
      placeholder={t('signup.password')}
      visibilityToggleButtonProps={{ 'aria-label': t('signup.showPassword') }}
      {...props}
    />
  );
}

/**
 * A step-1 form validated on submit (spec section 5): valid values go to the modal as an event,
 * invalid ones show the spec's summary message under the fields.
 */
function useStepOneForm<Values extends FieldValues>(
  schema: z.ZodMiniType<Values, Values>,
  toEvent: (values: Values) => AuthStepEvent,
) {
  const { t } = useTranslation();
  const step = useAuthStep();
  const loading = useSelector(step, (snapshot) => snapshot.hasTag('loading'));
  const [invalid, setInvalid] = useState(false);
  const form = useForm<Values>({ resolver: zodResolver(schema), mode: 'onSubmit' });
  const fieldError = useFieldErrors(form.formState.errors);
  const submit = form.handleSubmit(
    (values) => {
      setInvalid(false);
      step.send(toEvent(values));
    },
    () => {
      setInvalid(true);
      // An empty field is the chart's rule too (its transition and message): the flow hears of it.
      // A malformed email never reaches the flow, which would send it to the server.
      const values = form.getValues();
      if (Object.values(values).some((value) => String(value ?? '').trim() === ''))
        step.send(toEvent(values));
    },
  );
  const field = (name: Path<Values>): FieldProps => ({
    ...form.register(name),
    ...fieldError(name),
  });
  return { t, step, loading, invalid, submit, field };
}

/**
 * The form's own failure, when the member's last submit was refused by it, else the flow's error (a
 * key of section 8, or the server's message): an earlier message must not stand for a new submit.
 */
function FormError({ invalid }: { invalid: boolean }) {
  const { t } = useTranslation();
  const error = useSelector(useAuthStep(), (snapshot) => snapshot.context.error);
  const text = invalid ? t('signup.pleaseEnterEmailAndPassword') : error ? messageText(error, t) : null;
  return text ? (
    <Alert color="red" role="alert">
      {text}
    </Alert>
  ) : null;
}

/** What the flow tells the member that is not an error: the email verified, say, and what is left to do. */
function FormNotice() {
  const { t } = useTranslation();
  const notice = useSelector(useAuthStep(), (snapshot) => snapshot.context.notice);
  return notice ? (
    <Alert color="teal" role="status">
      {t(notice)}
    </Alert>
  ) : null;
}

export function SignupForm() {
  const { t, step, loading, invalid, submit, field } = useStepOneForm(signupSchema, (values) => ({
    type: 'auth.submitSignup',
    ...values,
  }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2}>{t('signup.signupHeading')}</Title>
        <TextInput
          aria-label={t('signup.fullName')}
          placeholder={t('signup.fullName')}
          autoComplete="name"
          {...field('name')}
        />
        <EmailField {...field('email')} />
        <PasswordField autoComplete="new-password" {...field('password')} />
        <FormError invalid={invalid} />
        <Button type="submit" loading={loading}>
          {t('signup.submitSignup')}
        </Button>
        <Anchor component="button" type="button" onClick={() => step.send({ type: 'auth.switchToLogin' })}>
          {t('signup.haveAccount')}
        </Anchor>
        <Group justify="center" gap="md">
          <Anchor
            component="button"
            type="button"
            onClick={() => step.send({ type: 'auth.alreadySubscribed' })}
          >
            {t('signup.alreadySubscribed')}
          </Anchor>
          <Anchor component="button" type="button" onClick={() => step.send({ type: 'auth.contactSupport' })}>
            {t('signup.contactSupport')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

export function LoginForm() {
  const { t, step, loading, invalid, submit, field } = useStepOneForm(loginSchema, (values) => ({
    type: 'auth.submitLogin',
    ...values,
  }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2}>{t('signup.loginHeading')}</Title>
        <FormNotice />
        <EmailField {...field('email')} />
        <PasswordField autoComplete="current-password" {...field('password')} />
        <FormError invalid={invalid} />
        <Button type="submit" loading={loading}>
          {t('signup.submitLogin')}
        </Button>
        <Anchor component="button" type="button" onClick={() => step.send({ type: 'auth.forgotPassword' })}>
          {t('signup.forgotPassword')}
        </Anchor>
        <Anchor component="button" type="button" onClick={() => step.send({ type: 'auth.switchToSignup' })}>
          {t('signup.noAccount')}
        </Anchor>
      </Stack>
    </form>
  );
}

export function ResetPasswordView() {
  const { t } = useTranslation();
  const step = useAuthStep();
  const loading = useSelector(step, (snapshot) => snapshot.hasTag('loading'));
  const sent = useSelector(step, (snapshot) => snapshot.hasTag('view:resetSent'));
  const form = useForm<{ email: string }>({ resolver: zodResolver(resetSchema), mode: 'onSubmit' });
  const fieldError = useFieldErrors(form.formState.errors);
  const submit = form.handleSubmit((values) => step.send({ type: 'auth.submitReset', email: values.email }));
  return (
    <Stack gap="sm">
      <Title order={2}>{t('signup.resetHeading')}</Title>
      {sent ? (
        <Text role="status">{t('signup.resetSent')}</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text>{t('signup.resetIntro')}</Text>
            <EmailField {...form.register('email')} {...fieldError('email')} />
            <FormError invalid={false} />
            <Button type="submit" loading={loading}>
              {t('signup.resetSubmit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component="button" type="button" onClick={() => step.send({ type: 'auth.backToLogin' })}>
        {t('signup.backToLogin')}
      </Anchor>
    </Stack>
  );
}
