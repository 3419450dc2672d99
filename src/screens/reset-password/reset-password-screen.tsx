import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
// The page the reset email links to: a new password for the token in the link.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, PasswordInput, Stack, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { useResetPassword } from '../../features/profile/profile.mutations.ts';
import { messageText, useFieldErrors } from '../../text/messages.ts';

// Zod's functional build (`zod/mini`): the client carries no classic zod (decision 083).
const schema = z.object({
  password: z
    .string()
    .check(z.minLength(1, 'signup.enterPassword'), z.minLength(8, 'resetPassword.tooShort')),
});
type Values = z.infer<typeof schema>;

export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const { token: linkToken } = useSearch({ strict: false }) as { token?: string };
  // The link's token is kept for this visit; once used it leaves the address bar (and the history).
  const [token] = useState(linkToken);
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [result, setResult] = useState<{ ok: boolean; message?: string }>();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const fieldError = useFieldErrors(form.formState.errors);

  const submit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    const res = await reset.mutateAsync({ token, password });
    setResult(res.ok ? { ok: true } : { ok: false, message: res.message });
    if (res.ok) void navigate({ to: '.', search: {}, replace: true });
  });

  return (
    <Container size="xs" py="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1}>{t('resetPassword.heading')}</Title>
          {!token ? <Alert color="red">{t('resetPassword.missingToken')}</Alert> : null}
          {result?.ok ? <Alert color="green">{t('resetPassword.done')}</Alert> : null}
          {result && !result.ok ? (
            <Alert color="red" role="alert">
              {messageText(result.message, t)}
            </Alert>
          ) : null}
          <PasswordInput
            label={t('resetPassword.password')}
            autoComplete="new-password"
            {...fieldError('password')}
            {...form.register('password')}
          />
          <Button type="submit" loading={form.formState.isSubmitting} disabled={!token || result?.ok}>
            {t('resetPassword.submit')}
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
