// What every editor of the catalogue (machines/catalogue-edit) shows around its form: the waiting,
// the dry run's answer said in exact words when a sold price would be replaced ("Members who hold
// $29.99 keep it; new members pay $34.99"), the archive's confirmation, and the server's words for a
// refusal; and the hook that runs the editor's flow.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueKind, PriceView } from '../../../machines/catalogue-edit/catalogue-edit.types.ts';
import { flowInspector } from '../../lib/inspection.ts';
import { catalogueEditFlow } from '../flows/catalogue-edit.ts';
import { replacementWords } from '../money.ts';
import { LoadingState } from './states.tsx';

/** The editor's flow for one item of the catalogue; `onDone` once it is saved or archived. */
export function useEditor(
  kind: CatalogueKind,
  id: string | null,
  sold: PriceView | null,
  onDone: () => void,
) {
  const flow = useMemo(() => catalogueEditFlow(sold), [sold]);
  const [snapshot, send] = useMachine(flow, {
    input: { kind, id },
    inspect: flowInspector(),
  });
  const finished = snapshot.hasTag('view:saved') || snapshot.hasTag('view:archived');
  useEffect(() => {
    if (finished) onDone();
  }, [finished, onDone]);
  return [snapshot, send] as const;
}

export type Editor = ReturnType<typeof useEditor>;

/** What every editor shows around its form: the waiting, the confirmations, the refusal. */
export function EditorFrame({
  editor,
  form,
  onClose,
}: {
  editor: Editor;
  form: ReactNode;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [snapshot, send] = editor;
  const { check, message } = snapshot.context;
  return (
    <Stack>
      {snapshot.hasTag('view:form') ? (
        <>
          {message ? (
            <Alert color="red" role="alert">
              {t(message)}
            </Alert>
          ) : null}
          {form}
          {snapshot.matches('checking') ? <LoadingState label={t('studio.catalogue.checking')} /> : null}
        </>
      ) : null}
      {snapshot.matches('saving') ? <LoadingState label={t('studio.catalogue.saving')} /> : null}
      {snapshot.matches('archiving') ? <LoadingState label={t('studio.catalogue.archiving')} /> : null}
      {check && snapshot.hasTag('view:confirmReplacement') ? (
        <>
          <Text fw={600} data-testid="replacement-words">
            {replacementWords(check, t, i18n.language)}
          </Text>
          <Text size="sm">{t('studio.catalogue.replacesWhy')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'edit.back' })}>
              {t('studio.catalogue.backToForm')}
            </Button>
            <Button onClick={() => send({ type: 'edit.confirm' })}>
              {t('studio.catalogue.saveReplacing')}
            </Button>
          </Group>
        </>
      ) : null}
      {snapshot.hasTag('view:confirmArchive') ? (
        <>
          <Text fw={600}>{t('studio.catalogue.archiveWords')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'edit.back' })}>
              {t('studio.back')}
            </Button>
            <Button color="red.9" onClick={() => send({ type: 'edit.confirm' })}>
              {t('studio.catalogue.archive')}
            </Button>
          </Group>
        </>
      ) : null}
      {snapshot.hasTag('view:refused') ? (
        <>
          <Alert color="red" role="alert">
            {t(message ?? 'errors.unexpected')}
          </Alert>
          <Button variant="default" onClick={onClose}>
            {t('studio.close')}
          </Button>
        </>
      ) : null}
    </Stack>
  );
}
