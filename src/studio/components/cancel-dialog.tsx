// Cancelling a subscription, now or at the period's end: the server's preview said in words (when
// access ends, what the member loses, that nothing is refunded), then confirmed.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { studioApi, studioCall } from '../api.ts';
import { listOf, money } from '../money.ts';
import { ErrorState, LoadingState } from './states.tsx';

export function CancelDialog({
  subscriptionID,
  at,
  onClose,
  onCancelled,
}: {
  subscriptionID: string;
  at: 'now' | 'period_end';
  onClose: () => void;
  onCancelled: () => void;
}) {
  const { t, i18n } = useTranslation();
  const preview = useQuery({
    queryKey: ['studio', 'cancel-preview', subscriptionID, at],
    queryFn: async () =>
      (
        await studioCall(
          studioApi.GET('/api/studio/subscriptions/{subscriptionID}/cancel', {
            params: { path: { subscriptionID }, query: { at } },
          }),
        )
      ).cancel,
    retry: false,
    gcTime: 0,
  });
  const cancel = useMutation({
    mutationFn: () =>
      studioCall(
        studioApi.POST('/api/studio/subscriptions/{subscriptionID}/cancel', {
          params: { path: { subscriptionID } },
          body: { at },
        }),
      ),
    onSuccess: onCancelled,
  });
  const words = (() => {
    if (!preview.data) return '';
    const { planName, amount, currency, endsAt, loses } = preview.data;
    const lost = loses.length
      ? listOf(
          loses.map((loss) => t('studio.refund.loss', { name: loss.name })),
          i18n.language,
        )
      : t('studio.cancelSub.nothing');
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(endsAt),
    );
    return t(at === 'now' ? 'studio.cancelSub.wordsNow' : 'studio.cancelSub.wordsPeriodEnd', {
      plan: planName,
      amount: money(amount, currency, i18n.language),
      date,
      loses: lost,
    });
  })();
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('studio.close') }}
      onClose={cancel.isPending ? () => {} : onClose}
      title={t('studio.cancelSub.title')}
      centered
    >
      <Stack>
        {preview.isPending ? <LoadingState label={t('studio.refund.checking')} /> : null}
        {preview.isError ? <ErrorState message={t(preview.error.message)} /> : null}
        {cancel.isSuccess ? (
          <>
            <Alert color="green" role="status">
              {t('studio.cancelSub.done')}
            </Alert>
            <Button onClick={onClose}>{t('studio.close')}</Button>
          </>
        ) : preview.data ? (
          <>
            <Text fw={600} data-testid="cancel-words">
              {words}
            </Text>
            {cancel.isError ? <ErrorState message={t(cancel.error.message)} /> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
                {t('studio.back')}
              </Button>
              <Button color="red.9" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                {t(at === 'now' ? 'studio.cancelSub.confirmNow' : 'studio.cancelSub.confirmPeriodEnd')}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
