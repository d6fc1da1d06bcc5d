import { Alert, Button, Card, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kioskData } from '../../auth/session';
import { toast } from '../../components/message';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { printReceipt, type PrintOptions } from './print';
import { loadPrinterSettings, savePrinterSettings, TRANSPORTS, validAddress, type PrinterSettings, type TransportKind } from './printer-settings';
import { testReceipt } from './receipt';
import { devices } from './transports';

/**
 * The counter's receipt printer, set up per browser (localStorage) from the Drawer page, by whoever works
 * the counter (cashier or boss at a drawer): the connection, the paper width, the network printer's
 * address or the USB / serial device the browser is allowed to use, and a test print.
 */
export function PrinterSettingsCard({ options }: { options?: Omit<PrintOptions, 'settings'> }) {
  const { t, i18n } = useTranslation('hardware');
  const { diff } = useLocalTimeDiff();
  const [s, setS] = useState<PrinterSettings>(() => loadPrinterSettings());
  const [addressError, setAddressError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const set = (patch: Partial<PrinterSettings>) => {
    setS((old) => ({ ...old, ...patch }));
    setProblem(null);
  };
  const usable = (kind: TransportKind) => (kind === 'usb' ? !!devices().usb : kind === 'serial' ? !!devices().serial : true);

  const check = (): boolean => {
    if ((s.transport === 'network' || s.transport === 'star') && !validAddress(s.address)) {
      setAddressError(t('settings.addressInvalid'));
      return false;
    }
    setAddressError(null);
    return true;
  };

  const choose = async () => {
    try {
      if (s.transport === 'usb') {
        const d = await devices().usb!.requestDevice({ filters: [] });
        set({ device: { vendorId: d.vendorId, productId: d.productId, name: d.productName ?? `USB ${d.vendorId.toString(16)}:${d.productId.toString(16)}` } });
      } else if (s.transport === 'serial') {
        const p = await devices().serial!.requestPort();
        const info = p.getInfo();
        set({ device: { vendorId: info.usbVendorId, productId: info.usbProductId, name: info.usbVendorId === undefined ? 'Serial' : `Serial ${info.usbVendorId.toString(16)}:${(info.usbProductId ?? 0).toString(16)}` } });
      }
    } catch {
      // The cashier closed the browser's device chooser: nothing changes.
    }
  };

  const save = () => {
    if (!check()) return;
    const saved = { ...s, address: s.address.trim() };
    savePrinterSettings(saved);
    setS(saved);
    toast(t('settings.saved'), 'success');
  };

  const test = async () => {
    if (!check()) return;
    setTesting(true);
    const doc = testReceipt(kioskData().storename, new Date().toISOString(), diff, t);
    const outcome = await printReceipt(doc, { chinese: i18n.language === 'zh_Hans', ...options, settings: { ...s, address: s.address.trim() } });
    setTesting(false);
    if (outcome === 'offline') setProblem(t('testOffline'));
    else if (outcome === 'printed') toast(t('testDone'), 'success');
  };

  const deviceKind = s.transport === 'usb' || s.transport === 'serial';
  return (
    <Card withBorder radius="md" padding="md" data-testid="printer-settings">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('settings.heading')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('settings.intro')}
        </Text>
        <Select
          label={t('settings.transport')}
          data={TRANSPORTS.map((v) => ({ value: v, label: t(`settings.transports.${v}`) }))}
          value={s.transport}
          onChange={(v) => v && set({ transport: v as TransportKind, device: null })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="printer-transport"
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="printer-width-label">
            {t('settings.width')}
          </Text>
          <SegmentedControl
            value={String(s.width)}
            onChange={(v) => set({ width: v === '58' ? 58 : 80 })}
            data={[
              { value: '58', label: t('settings.widths.58') },
              { value: '80', label: t('settings.widths.80') },
            ]}
            aria-labelledby="printer-width-label"
            data-testid="printer-width"
          />
        </div>
        {s.transport === 'network' || s.transport === 'star' ? (
          <TextInput
            label={t('settings.address')}
            description={t('settings.addressHint')}
            value={s.address}
            onChange={(e) => {
              set({ address: e.currentTarget.value });
              setAddressError(null);
            }}
            error={addressError}
            errorProps={{ role: 'alert' }}
            autoComplete="off"
            data-testid="printer-address"
          />
        ) : null}
        {deviceKind && !usable(s.transport) ? (
          <Alert color="orange" data-testid="printer-unsupported">
            {t(s.transport === 'usb' ? 'settings.unsupportedUsb' : 'settings.unsupportedSerial')}
          </Alert>
        ) : null}
        {deviceKind && usable(s.transport) ? (
          <Group gap="sm">
            <Button variant="default" onClick={() => void choose()} data-testid="printer-choose">
              {t('settings.chooseDevice')}
            </Button>
            <Text size="sm" data-testid="printer-device">
              {s.device ? t('settings.device', { name: s.device.name }) : t('settings.noDevice')}
            </Text>
          </Group>
        ) : null}
        {problem ? (
          <Alert color="red" role="alert" data-testid="printer-test-problem">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" loading={testing} onClick={() => void test()} data-testid="printer-test">
            {t('settings.testPrint')}
          </Button>
          <Button onClick={save} data-testid="printer-save">
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
