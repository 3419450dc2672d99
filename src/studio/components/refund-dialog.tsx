// The refund's confirmation (machines/studio-refund): the server's preview in exact words, "Refund"
// or "Cancel"; a charge that changed meanwhile is said again with its new words.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { flowInspector } from '../../lib/inspection.ts';
import { studioRefundFlow } from '../flows/studio-refund.ts';
import { money, refundWords } from '../money.ts';
import { LoadingState } from './states.tsx';

export function RefundDialog({
  chargeID,
  onClose,
  onRefunded,
}: {
  chargeID: string;
  onClose: () => void;
  onRefunded: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [snapshot, send] = useMachine(studioRefundFlow, { input: { chargeID }, inspect: flowInspector() });
  const { preview, previous, message, unsure } = snapshot.context;
  const done = snapshot.hasTag('view:done');
  useEffect(() => {
    if (done) onRefunded();
  }, [done, onRefunded]);
  const close = () => {
    if (snapshot.can({ type: 'refund.cancel' })) send({ type: 'refund.cancel' });
    onClose();
  };
  const refunding = snapshot.matches('refunding');
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('studio.close') }}
      onClose={refunding ? () => {} : close}
      title={t('studio.refund.title')}
      centered
    >
      <Stack>
        {snapshot.matches('previewing') ? <LoadingState label={t('studio.refund.checking')} /> : null}
        {refunding ? <LoadingState label={t('studio.refund.refunding')} /> : null}
        {unsure && snapshot.matches('previewing') ? <Text size="sm">{t('studio.refund.unsure')}</Text> : null}
        {preview && snapshot.hasTag('view:confirm') ? (
          <>
            {snapshot.hasTag('view:changed') && previous ? (
              <Alert color="yellow" role="alert" title={t('studio.refund.changedTitle')}>
                {t('studio.refund.changed', {
                  before: money(previous.amount, previous.currency, i18n.language),
                  after: money(preview.amount, preview.currency, i18n.language),
                })}
              </Alert>
            ) : null}
            <Text fw={600} data-testid="refund-words">
              {refundWords(preview, t, i18n.language)}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('studio.cancel')}
              </Button>
              <Button color="red.9" onClick={() => send({ type: 'refund.confirm' })}>
                {t('studio.refund.confirm', {
                  amount: money(preview.amount, preview.currency, i18n.language),
                })}
              </Button>
            </Group>
          </>
        ) : null}
        {done && preview ? (
          <>
            <Alert color="green" role="status" title={t('studio.refund.doneTitle')}>
              {t('studio.refund.done', { amount: money(preview.amount, preview.currency, i18n.language) })}
            </Alert>
            <Button onClick={onClose}>{t('studio.close')}</Button>
          </>
        ) : null}
        {snapshot.hasTag('view:refused') ? (
          <>
            <Alert color="red" role="alert" title={t('studio.refund.refusedTitle')}>
              {preview?.alreadyRefunded
                ? t('studio.refund.alreadyRefunded')
                : t(message ?? 'errors.unexpected')}
            </Alert>
            <Button variant="default" onClick={onClose}>
              {t('studio.close')}
            </Button>
          </>
        ) : null}
        {snapshot.hasTag('view:failed') ? (
          <>
            <Alert color="red" role="alert" title={t('studio.failed')}>
              {t(message ?? 'errors.unexpected')}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('studio.cancel')}
              </Button>
              <Button onClick={() => send({ type: 'refund.retry' })}>{t('studio.retry')}</Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
