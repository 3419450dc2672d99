import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../text/messages.ts';

export type SaveOutcome = { ok: true } | { ok: false; message: string };

/** What came of the last save: the success text, or the server's (or client's) message as sent. */
export function SaveOutcomeAlert({
  outcome,
  success,
}: {
  outcome: SaveOutcome | undefined;
  success: ReactNode;
}) {
  const { t } = useTranslation();
  if (!outcome) return null;
  return outcome.ok ? (
    <Alert color="green" role="status">
      {success}
    </Alert>
  ) : (
    <Alert color="red" role="alert">
      {messageText(outcome.message, t)}
    </Alert>
  );
}
