import { Alert, Group, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { useDrawerInfo } from './drawer-api';
import { DrawerState } from './DrawerState';
import { MovementList } from './MovementList';
import { RecentShifts } from './RecentShifts';
import { XReportButton } from './XReportButton';

/** A boss in viewer mode holds no drawer: they look at any drawer of the store, and move no cash. */
export function ViewerDrawer() {
  const { t } = useTranslation('drawer');
  const drawers = useApiQuery('/drawer/setupList', {});
  const list = drawers.data?.list ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const id = picked ?? list.find((d) => d.shift_id !== null)?.id ?? list[0]?.id ?? null;
  const info = useDrawerInfo(id ?? undefined, id !== null);
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" data-testid="viewer-notice">
        {t('viewer.notice')}
      </Alert>
      <Select
        label={t('viewer.pick')}
        data={list.map((d) => ({ value: String(d.id), label: `${t('drawerNo', { number: d.number })} · ${t(`viewer.status.${d.status}`)}${d.account ? ` (${d.account})` : ''}` }))}
        value={id === null ? null : String(id)}
        onChange={(v) => v && setPicked(Number(v))}
        allowDeselect={false}
        // Until the store's drawers have loaded there is nothing to pick: an open, empty list would only
        // show a boss "nothing" and stay empty under their click.
        disabled={list.length === 0}
        maw={360}
        data-testid="viewer-drawer"
      />
      {info.data ? <DrawerState info={info.data} /> : null}
      {info.data?.shift_id && id !== null ? (
        <Group justify="flex-end">
          <XReportButton drawerId={id} />
        </Group>
      ) : null}
      {info.data?.shift_id ? <MovementList key={info.data.shift_id} shiftId={info.data.shift_id} /> : null}
      <RecentShifts />
    </Stack>
  );
}
