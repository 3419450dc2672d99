import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
// Change Password: the server checks the current password and signs the member's other devices
// out; this device keeps its session.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import type { User } from '../../../domain/api-types.ts';
import { useFieldErrors } from '../../text/messages.ts';
import { useChangePassword } from './profile.mutations.ts';
import { type SaveOutcome, SaveOutcomeAlert } from './save-outcome.tsx';

/** The server's rule for a new password. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

// Zod's functional build (`zod/mini`): the client carries no classic zod (decision 083).
const schema = z
  .object({
    oldPassword: z.string().check(z.minLength(1, 'profile.changePasswordForm.enterOld')),
    newPassword: z
      .string()
      .check(
        z.minLength(1, 'profile.changePasswordForm.enterNew'),
        z.minLength(MIN_PASSWORD_LENGTH, 'profile.changePasswordForm.tooShort'),
        z.maxLength(MAX_PASSWORD_LENGTH, 'profile.changePasswordForm.tooLong'),
      ),
  })
  .check(
    z.refine((v) => v.oldPassword !== v.newPassword, {
      path: ['newPassword'],
      message: 'profile.changePasswordForm.same',
    }),
  );
type Values = z.infer<typeof schema>;

export function ChangePasswordForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const change = useChangePassword(user._id);
  const [outcome, setOutcome] = useState<SaveOutcome>();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { oldPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  const fieldError = useFieldErrors(errors, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH });

  const submit = form.handleSubmit(async (values) => {
    setOutcome(undefined);
    const result = await change.mutateAsync(values);
    if (result.ok) {
      setOutcome({ ok: true });
      form.reset();
    } else {
      setOutcome({ ok: false, message: result.message });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <SaveOutcomeAlert outcome={outcome} success={t('profile.changePasswordForm.changed')} />
        <PasswordInput
          label={t('profile.changePasswordForm.old')}
          autoComplete="current-password"
          {...fieldError('oldPassword')}
          {...form.register('oldPassword')}
        />
        <PasswordInput
          label={t('profile.changePasswordForm.new')}
          autoComplete="new-password"
          {...fieldError('newPassword')}
          {...form.register('newPassword')}
        />
        <Button type="submit" loading={form.formState.isSubmitting} style={{ alignSelf: 'flex-start' }}>
          {t('profile.changePasswordForm.submit')}
        </Button>
      </Stack>
    </form>
  );
}
