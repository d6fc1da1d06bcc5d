import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';

/**
 * Mantine's modals manager; its own chunk, loaded by `DeferredModals` on the first message box.
 * `onListening` runs once the provider listens for modal events: a child's passive effect runs
 * after the provider's own (layout) effect that adds the listeners.
 */
export default function ModalsHost({ onListening }: { onListening: () => void }) {
  return (
    <ModalsProvider>
      <Listening onListening={onListening} />
    </ModalsProvider>
  );
}

function Listening({ onListening }: { onListening: () => void }) {
  useEffect(onListening, [onListening]);
  return null;
}
