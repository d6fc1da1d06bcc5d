import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from '../../components/message';
import { readMachineName } from './machine-rules';

interface RenameDialogProps {
  current: number | null;
  onClose: () => void;
  /** Resolves when saved; rejects when refused (the refusal is already shown). */
  onSave: (name: number) => Promise<void>;
}

/** Rename a machine: the name must be a number. */
export function RenameDialog({ current, onClose, onSave }: RenameDialogProps) {
  const { t } = useTranslation(['machine', 'common']);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const name = readMachineName(text);
    if (name === null) return setError(t('machine:nameMustBeNumber'));
    setSaving(true);
    try {
      await onSave(name);
      setText('');
    } catch {
      // Shown by the call's handler; keep the dialog for a correction.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={current !== null} onClose={onClose} title={t('machine:renameTitle', { name: current ?? '' })} size={DIALOG_WIDTH} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('machine:newName')}
            inputMode="numeric"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
            data-testid="rename-input"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="rename-save">
              {t('machine:save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
