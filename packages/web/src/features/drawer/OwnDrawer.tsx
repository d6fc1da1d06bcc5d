import { Alert, Grid, Group, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { kioskData, setInitAmount } from '../../auth/session';
import { PageLoading } from '../../components/LoadingOverlay';
import { NoSaleButton } from '../hardware/NoSaleButton';
import { PrinterSettingsCard } from '../hardware/PrinterSettingsCard';
import { CashMoveForm } from './CashMoveForm';
import { CloseShiftButton } from './CloseShiftButton';
import { useDrawerInfo } from './drawer-api';
import { DrawerState } from './DrawerState';
import { InitAmountForm } from './InitAmountForm';
import { MovementList } from './MovementList';
import { RecentShifts } from './RecentShifts';
import { XReportButton } from './XReportButton';

/** The cashier's (or a boss's, in pos mode) own drawer: live state, cash actions, movements, shift close. */
export function OwnDrawer() {
  const info = useDrawerInfo();
  const data = info.data;
  // A shift's initial amount, once set, stays set: a read that left before it was recorded and answers late
  // must not swap the cash form back for the initial amount's (that remount dropped what was being typed).
  const initSeenFor = useRef<number | null>(null);
  if (data?.initAmount && data.shift_id !== null) initSeenFor.current = data.shift_id;
  const initSet = !!data && (data.initAmount || (data.shift_id !== null && data.shift_id === initSeenFor.current));

  // The initial amount may have been set on another tab or before a reconnect: logout must know.
  useEffect(() => {
    if (data && initSet !== kioskData().initAmount) setInitAmount(initSet);
  }, [data, initSet]);

  if (info.isPending) return <PageLoading />;
  if (!data) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="drawer-error">
        {info.error?.message}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <DrawerState info={data} />
            <Group justify="flex-end" gap="xs">
              <XReportButton />
              <CloseShiftButton />
            </Group>
            {initSet ? <NoSaleButton /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>{initSet ? <CashMoveForm info={data} /> : <InitAmountForm info={data} />}</Grid.Col>
      </Grid>
      <MovementList />
      <RecentShifts />
      {/* The counter's receipt printer, per browser: whoever works this drawer sets it up (docs/HARDWARE.md). */}
      <PrinterSettingsCard />
    </Stack>
  );
}
