import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import type { ConsoleStore } from '@moneybox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../../api/write';
import { ActionAlert } from '../shell/ActionAlert';
import { ConsoleCard } from '../shell/ConsoleCard';
import { useConsoleAction } from '../shell/use-console-action';

const PLACE = ['name', 'address', 'city', 'state', 'zip', 'phone'] as const;
type Place = Record<(typeof PLACE)[number], string>;
const MAX: Record<keyof Place, number> = { name: 100, address: 200, city: 100, state: 100, zip: 20, phone: 30 };

/** The fields of the form that differ from the store's (only those are sent: `/operator/storeRename` changes only what it is given). */
export function changedPlace(store: Place, form: Place): Partial<Place> {
  const out: Partial<Place> = {};
  for (const k of PLACE) if (form[k].trim() !== store[k]) out[k] = form[k].trim();
  return out;
}

/** A store's name and address, changed by its distributor or the admin (`/operator/storeRename`, audited). */
export function StorePlace({ store }: { store: ConsoleStore }) {
  const { t } = useTranslation('console');
  const write = useWrite();
  const action = useConsoleAction();
  const initial: Place = { name: store.name, address: store.address, city: store.city, state: store.state, zip: store.zip, phone: store.phone };
  const [form, setForm] = useState<Place>(initial);
  const changed = changedPlace(initial, form);
  return (
    <ConsoleCard title={t('offboard.placeTitle')} testId="console-store-place">
      <ActionAlert error={action.error} mb="sm" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {PLACE.map((k) => (
          <TextInput key={k} label={t(`fields.${k}`)} value={form[k]} onChange={(e) => setForm({ ...form, [k]: e.currentTarget.value })} maxLength={MAX[k]} data-testid={`console-place-${k}`} />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button loading={action.busy} disabled={Object.keys(changed).length === 0 || !form.name.trim()} onClick={() => void action.run(() => write('/operator/storeRename', { kid: store.kid, ...changed }), t('offboard.placeSaved'))} data-testid="console-place-save">
          {t('offboard.placeSave')}
        </Button>
      </Group>
    </ConsoleCard>
  );
}
