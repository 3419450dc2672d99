// Adding a membership plan, or editing a price (its names, amount, trial) and archiving it: the form
// inside the editor's frame (editor-frame.tsx), which asks before a sold price is replaced.
import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { majorUnits, minorUnitDigits } from '../../../domain/billing/currency.ts';
import type { Draft } from '../../../machines/catalogue-edit/catalogue-edit.types.ts';
import type { components } from '../../../openapi/schema.d.ts';
import { EditorFrame, useEditor } from './editor-frame.tsx';

type AdminPlan = components['schemas']['AdminPlan'];

/** Minor units from what was typed in major units ("34.99" dollars is 3499 cents). */
const toMinor = (major: number, currency: string) => Math.round(major * 10 ** minorUnitDigits(currency));

/** Adds a membership plan, or edits one (its names, amount, trial); archives it. */
export function PlanEditor({
  plan,
  onClose,
  onDone,
}: {
  plan: AdminPlan | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const sold = useMemo(() => (plan ? { amount: plan.amount, currency: plan.currency } : null), [plan]);
  const editor = useEditor('plan', plan?.id ?? null, sold, onDone);
  const [snapshot, send] = editor;
  const currency = plan?.currency ?? 'usd';
  const [en, setEn] = useState(plan?.nicknames.en ?? '');
  const [es, setEs] = useState(plan?.nicknames.es ?? '');
  const [amount, setAmount] = useState<number | string>(plan ? majorUnits(plan.amount, plan.currency) : '');
  const [interval, setInterval] = useState<string>(plan?.interval ?? 'month');
  const [intervalCount, setIntervalCount] = useState<number | string>(plan?.intervalCount ?? 1);
  const [trialDays, setTrialDays] = useState<number | string>(plan?.trialDays ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!en.trim() || typeof amount !== 'number' || amount < 0) {
      setInvalid(t('studio.catalogue.planInvalid'));
      return;
    }
    setInvalid(null);
    const nicknames = {
      en: en.trim(),
      ...(es.trim() ? { es: es.trim() } : {}),
    };
    const minor = toMinor(amount, currency);
    const trial = typeof trialDays === 'number' ? trialDays : null;
    let draft: Draft;
    if (!plan) {
      draft = {
        interval,
        intervalCount: typeof intervalCount === 'number' ? intervalCount : 1,
        amount: minor,
        currency,
        trialDays: trial,
        nicknames,
      };
    } else {
      // Only what changed: the server replaces a sold price only for a change to what was sold.
      draft = {
        ...(nicknames.en !== plan.nicknames.en || nicknames.es !== plan.nicknames.es ? { nicknames } : {}),
        ...(minor !== plan.amount ? { amount: minor } : {}),
        ...(plan.type === 'recurring' && trial !== plan.trialDays ? { trialDays: trial } : {}),
      };
      if (Object.keys(draft).length === 0) {
        onClose();
        return;
      }
    }
    send({ type: 'edit.save', draft });
  };
  const waiting = snapshot.hasTag('loading');
  const form = (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        {invalid ? (
          <Text c="red.9" size="sm" role="alert">
            {invalid}
          </Text>
        ) : null}
        <TextInput
          label={t('studio.catalogue.nameEn')}
          value={en}
          onChange={(event) => setEn(event.currentTarget.value)}
          required
        />
        <TextInput
          label={t('studio.catalogue.nameEs')}
          value={es}
          onChange={(event) => setEs(event.currentTarget.value)}
        />
        <NumberInput
          label={t('studio.catalogue.amount', {
            currency: currency.toUpperCase(),
          })}
          value={amount}
          onChange={setAmount}
          min={0}
          decimalScale={minorUnitDigits(currency)}
          fixedDecimalScale
          required
        />
        {!plan ? (
          <Group grow>
            <Select
              label={t('studio.catalogue.interval')}
              value={interval}
              onChange={(value) => setInterval(value ?? 'month')}
              allowDeselect={false}
              data={['month', 'year', 'week'].map((value) => ({
                value,
                label: t(`studio.catalogue.intervals.${value}`),
              }))}
            />
            <NumberInput
              label={t('studio.catalogue.intervalCount')}
              value={intervalCount}
              onChange={setIntervalCount}
              min={1}
              max={52}
            />
          </Group>
        ) : null}
        {!plan || plan.type === 'recurring' ? (
          <NumberInput
            label={t('studio.catalogue.trialDays')}
            value={trialDays}
            onChange={setTrialDays}
            min={0}
            max={730}
          />
        ) : null}
        {plan?.sold ? (
          <Text size="sm" c="dimmed">
            {t('studio.catalogue.soldHint')}
          </Text>
        ) : null}
        <Group justify="space-between">
          {plan && !plan.archived ? (
            <Button
              variant="subtle"
              color="red.9"
              onClick={() => send({ type: 'edit.archive' })}
              disabled={waiting}
            >
              {t('studio.catalogue.archive')}
            </Button>
          ) : (
            <span />
          )}
          <Group>
            <Button variant="default" onClick={onClose} disabled={waiting}>
              {t('studio.cancel')}
            </Button>
            <Button type="submit" loading={waiting}>
              {t('studio.catalogue.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('studio.close') }}
      onClose={waiting ? () => {} : onClose}
      title={
        // A challenge's or a course's price is not a plan: its dialog says what it edits.
        plan
          ? plan.type === 'recurring'
            ? t('studio.catalogue.editPlan')
            : t('studio.catalogue.editPrice')
          : t('studio.catalogue.addPlan')
      }
      centered
    >
      <EditorFrame editor={editor} form={form} onClose={onClose} />
    </Modal>
  );
}
