import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
// My Profile: name, email and phone are saved through the update-user call. The password is shown
// masked only; it changes in its own section, which asks for the current one. A new email moves the
// account, so it asks for the current password too (the field appears once the email is edited).
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import type { User } from '../../../domain/api-types.ts';
import { formatBillingDate } from '../../../domain/billing/calendar.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';
import { useFieldErrors } from '../../text/messages.ts';
import { useUpdateProfile } from './profile.mutations.ts';
import { SaveOutcomeAlert } from './save-outcome.tsx';

const MAX_NAME_LENGTH = 200;
const MAX_PHONE_LENGTH = 40;

// Zod's functional build (`zod/mini`): the client carries no classic zod (decision 083).
const fields = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'signup.enterFullName'),
      z.maxLength(MAX_NAME_LENGTH, 'profile.form.nameTooLong'),
    ),
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, 'signup.valueRequired')),
    z.email('signup.validEmail'),
  ),
  phone: z
    .string()
    .check(
      z.trim(),
      z.maxLength(MAX_PHONE_LENGTH, 'profile.form.phoneTooLong'),
      z.regex(/^[0-9+()\-.\s]*$/, 'profile.form.invalidPhone'),
    ),
  currentPassword: z.string(),
});
type Values = z.infer<typeof fields>;

const emailDiffers = (email: string, current: string) => email.trim().toLowerCase() !== current.toLowerCase();

const schemaFor = (currentEmail: string) =>
  fields.check(
    z.refine((v) => !emailDiffers(v.email, currentEmail) || v.currentPassword.length > 0, {
      path: ['currentPassword'],
      message: 'profile.form.currentPasswordRequired',
    }),
  );

type Outcome = { ok: true; emailChanged: boolean } | { ok: false; message: string };

export function MyProfileForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile(user._id);
  const [outcome, setOutcome] = useState<Outcome>();
  const form = useForm<Values>({
    resolver: zodResolver(schemaFor(user.email)),
    defaultValues: {
      name: user.profile.name,
      email: user.email,
      phone: user.profile.phone ?? '',
      currentPassword: '',
    },
  });
  const editingEmail = emailDiffers(form.watch('email'), user.email);
  const { errors } = form.formState;
  const fieldError = useFieldErrors(errors);

  const submit = form.handleSubmit(async (values) => {
    setOutcome(undefined);
    const emailChanged = emailDiffers(values.email, user.email);
    const result = await update.mutateAsync({
      changes: { name: values.name, email: values.email, phone: values.phone === '' ? null : values.phone },
      currentPassword: emailChanged ? values.currentPassword : undefined,
    });
    if (!result.ok) {
      setOutcome({ ok: false, message: result.message });
      return;
    }
    setOutcome({ ok: true, emailChanged });
    form.reset({
      name: result.data.profile.name,
      email: result.data.email,
      phone: result.data.profile.phone ?? '',
      currentPassword: '',
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <SaveOutcomeAlert
          outcome={outcome}
          success={
            outcome?.ok && outcome.emailChanged
              ? `${t('profile.form.saved')} ${t('profile.form.verifyNewEmail')} ${t('profile.form.oldAddressTold')}`
              : t('profile.form.saved')
          }
        />
        {!user.email_verified && !outcome?.ok ? (
          <Alert color="yellow">{t('profile.form.emailNotVerified')}</Alert>
        ) : null}
        <TextInput
          label={t('profile.form.name')}
          autoComplete="name"
          {...fieldError('name')}
          {...form.register('name')}
        />
        <TextInput
          label={t('profile.form.email')}
          type="email"
          autoComplete="email"
          description={t('profile.form.emailHint')}
          {...fieldError('email')}
          {...form.register('email')}
        />
        {editingEmail ? (
          <PasswordInput
            label={t('profile.form.currentPassword')}
            autoComplete="current-password"
            description={t('profile.form.currentPasswordHint')}
            {...fieldError('currentPassword')}
            {...form.register('currentPassword')}
          />
        ) : null}
        <TextInput
          label={t('profile.form.password')}
          type="password"
          value="••••••••"
          readOnly
          description={
            <Anchor component={Link} to="/profile/password" size="xs">
              {t('profile.form.changePassword')}
            </Anchor>
          }
        />
        <TextInput
          label={t('profile.form.phone')}
          type="tel"
          autoComplete="tel"
          {...fieldError('phone')}
          {...form.register('phone')}
        />
        <Text size="sm" c="dimmed">
          {t('profile.form.memberSince', {
            date: formatBillingDate(user.profile.member_since, billingLocale(i18n.language)),
          })}
        </Text>
        <Button type="submit" loading={form.formState.isSubmitting} style={{ alignSelf: 'flex-start' }}>
          {t('profile.form.save')}
        </Button>
      </Stack>
    </form>
  );
}
