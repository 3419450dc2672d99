import '@mantine/core/styles/Input.css';
// Billing details (decision 155): whom the member's next invoices are made out to. The same rules as
// the server's (domain/invoices/billing-details.ts), so a mistake is named beside its field before
// anything is sent; what the server refuses is shown as it says it, and nothing is changed.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import {
  cleanTaxId,
  cleanText,
  MAX_ADDRESS_LENGTH,
  MAX_ADDRESS_LINES,
  MAX_COMPANY_LENGTH,
  MAX_TAX_ID_LENGTH,
} from '../../../domain/invoices/billing-details.ts';
import { messageText, useFieldErrors } from '../../text/messages.ts';
import { FormSkeleton } from '../skeletons/skeletons.tsx';
import { type BillingDetails, useBillingDetails, useUpdateBillingDetails } from './invoices.queries.ts';
import { type SaveOutcome, SaveOutcomeAlert } from './save-outcome.tsx';

const fields = z.object({
  company: z.string().check(z.maxLength(MAX_COMPANY_LENGTH, 'profile.billing.companyTooLong')),
  address: z.string().check(
    z.refine((v) => (cleanText(v) ?? '').length <= MAX_ADDRESS_LENGTH, 'profile.billing.addressTooLong'),
    z.refine(
      (v) => (cleanText(v) ?? '').split('\n').length <= MAX_ADDRESS_LINES,
      'profile.billing.addressTooManyLines',
    ),
  ),
  taxId: z.string().check(
    z.refine((v) => (cleanTaxId(v) ?? '').length <= MAX_TAX_ID_LENGTH, 'profile.billing.taxIdTooLong'),
    z.refine((v) => /^[A-Z0-9 .\-/]*$/.test(cleanTaxId(v) ?? ''), 'profile.billing.taxIdCharacters'),
  ),
});
type Values = z.infer<typeof fields>;

const valuesOf = (details: BillingDetails): Values => ({
  company: details.company ?? '',
  address: details.address ?? '',
  taxId: details.taxId ?? '',
});

function Form({ details }: { details: BillingDetails }) {
  const { t } = useTranslation();
  const update = useUpdateBillingDetails();
  const [outcome, setOutcome] = useState<SaveOutcome>();
  const form = useForm<Values>({ resolver: zodResolver(fields), defaultValues: valuesOf(details) });
  const fieldError = useFieldErrors(form.formState.errors, {
    company: MAX_COMPANY_LENGTH,
    address: MAX_ADDRESS_LENGTH,
    lines: MAX_ADDRESS_LINES,
    taxId: MAX_TAX_ID_LENGTH,
  });
  const submit = form.handleSubmit(async (values) => {
    setOutcome(undefined);
    const result = await update.mutateAsync({
      company: values.company.trim() || null,
      address: values.address.trim() || null,
      taxId: values.taxId.trim() || null,
    });
    if (!result.ok) {
      setOutcome({ ok: false, message: result.message });
      return;
    }
    setOutcome({ ok: true });
    form.reset(valuesOf(result.data));
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="billing-details-title"
      data-testid="billing-details-form"
    >
      <Stack gap="md" maw={480}>
        <SaveOutcomeAlert outcome={outcome} success={t('profile.billing.saved')} />
        <TextInput
          label={t('profile.billing.company')}
          autoComplete="organization"
          {...fieldError('company')}
          {...form.register('company')}
        />
        <Textarea
          label={t('profile.billing.address')}
          description={t('profile.billing.addressHint')}
          autoComplete="street-address"
          rows={4}
          {...fieldError('address')}
          {...form.register('address')}
        />
        <TextInput label={t('profile.billing.taxId')} {...fieldError('taxId')} {...form.register('taxId')} />
        <Button type="submit" loading={form.formState.isSubmitting} style={{ alignSelf: 'flex-start' }}>
          {t('profile.billing.save')}
        </Button>
      </Stack>
    </form>
  );
}

export function BillingDetailsForm() {
  const { t } = useTranslation();
  const query = useBillingDetails();
  return (
    <Stack gap="xs" mt="xl">
      <Title order={2} size="h3" id="billing-details-title">
        {t('profile.billing.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('profile.billing.intro')}
      </Text>
      {query.isPending ? (
        <FormSkeleton label={t('profile.loading')} fields={3} tall={[1]} />
      ) : query.error ? (
        <Alert color="red" role="alert">
          {t('profile.loadError', { message: messageText(query.error.message, t) })}
        </Alert>
      ) : (
        <Form details={query.data} />
      )}
    </Stack>
  );
}
