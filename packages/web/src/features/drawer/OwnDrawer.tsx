import { Alert, Grid, Group, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { kioskData, setInitAmount } from '../../auth/session';
import { PageLoading } from '../../components/LoadingOverlay';
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

  // The initial amount may have been set on another tab or before a reconnect: logout must know.
  useEffect(() => {
    if (data && data.initAmount !== kioskData().initAmount) setInitAmount(data.initAmount);
  }, [data]);

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
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>{data.initAmount ? <CashMoveForm info={data} /> : <InitAmountForm info={data} />}</Grid.Col>
      </Grid>
      <MovementList />
      <RecentShifts />
    </Stack>
  );
}
