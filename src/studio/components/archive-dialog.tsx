// Archiving an item of the catalogue (a product, a coupon) in the editor's frame (editor-frame.tsx):
// the confirmation at once, then the server's answer.
import { Button, Modal } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueKind } from '../../../machines/catalogue-edit/catalogue-edit.types.ts';
import { EditorFrame, useEditor } from './editor-frame.tsx';

/** Archives an item (a product, a coupon): the confirmation, then the server's answer. */
export function ArchiveDialog({
  kind,
  id,
  name,
  onClose,
  onDone,
}: {
  kind: CatalogueKind;
  id: string;
  name: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const editor = useEditor(kind, id, null, onDone);
  const [snapshot, send] = editor;
  const asked = useRef(false);
  const editing = snapshot.matches('editing');
  const refusedMessage = snapshot.context.message;
  useEffect(() => {
    if (!editing) return;
    if (!asked.current) {
      asked.current = true;
      send({ type: 'edit.archive' });
    } else if (!refusedMessage) {
      // Back from the confirmation: nothing archived, the dialog closes.
      onClose();
    }
  }, [editing, refusedMessage, send, onClose]);
  const form = snapshot.context.message ? (
    <Button variant="default" onClick={onClose}>
      {t('studio.close')}
    </Button>
  ) : null;
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('studio.close') }}
      onClose={snapshot.hasTag('loading') ? () => {} : onClose}
      title={t('studio.catalogue.archiveTitle', { name })}
      centered
    >
      <EditorFrame editor={editor} form={form} onClose={onClose} />
    </Modal>
  );
}
