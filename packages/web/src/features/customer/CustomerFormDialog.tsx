import type { CustomerCreateReply, CustomerUpdateReply } from '@moneybox/contract';
import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CUSTOMER_FIELD_MAX, GENDERS } from '@moneybox/contract/customer-fields';
import { ageDay } from '@moneybox/contract/minimum-age';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/call';
import { useApiQuery } from '../../api/hooks';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { useWrite } from '../../api/write';
import type { CustomerRecord } from './customer-api';
import { emptyProfile, profilePayload, validateProfile, type Gender, type ProfileErrors, type ProfileField, type ProfileForm } from './customer-rules';
import { storeDate, storeToday } from '../../time/store-time';
import { customerFormRefusal } from './form-refusal';
import { POPUP_WIDTH } from './MoneyDialog';
import { readLicence, useLicenceScan, type LicenceScanned } from '../hardware/useLicenceScan';
import { cameraAvailable } from '../hardware/camera-scan';
import { CameraScanDialog } from './CameraScanDialog';

interface Props {
  opened: boolean;
  /** The customer to edit; null creates a new one. */
  editing: CustomerRecord | null;
  onClose: () => void;
  onCreated: (reply: CustomerCreateReply) => void;
  onUpdated: (reply: CustomerUpdateReply) => void;
}

function formOf(c: CustomerRecord | null): ProfileForm {
  if (!c) return emptyProfile;
  const gender = (GENDERS as readonly string[]).includes(c.gender) ? (c.gender as Gender) : '';
  return {
    first_name: c.first_name,
    last_name: c.last_name,
    drivers_license: c.drivers_license,
    birthday: c.birthday,
    gender,
    phone: c.phone,
    mail: c.mail,
    bank: c.bank,
    bank_account: c.bank_account,
    address: c.address,
  };
}

const TEXT_FIELDS: { field: ProfileField; type?: string; inputMode?: 'tel' | 'email'; autoComplete?: string }[] = [
  { field: 'first_name', autoComplete: 'off' },
  { field: 'last_name', autoComplete: 'off' },
  { field: 'drivers_license' },
  { field: 'birthday', type: 'date' },
  { field: 'phone', type: 'tel', inputMode: 'tel' },
  { field: 'mail', type: 'email', inputMode: 'email' },
  { field: 'bank' },
  { field: 'bank_account' },
  { field: 'address', autoComplete: 'off' },
];

/** Create or edit a customer: the spec's fields, checked here by the contract's rules before the call. */
export function CustomerFormDialog({ opened, editing, onClose, onCreated, onUpdated }: Props) {
  const { t } = useTranslation(['customer', 'common', 'hardware']);
  const { diff } = useLocalTimeDiff(opened);
  const [form, setForm] = useState<ProfileForm>(emptyProfile);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const write = useWrite();
  // The store's minimum age (getDayLimit without a customer), so a birthday too young for it is said at the field before the call.
  const store = useApiQuery('/customer/getDayLimit', {}, { enabled: opened, staleTime: 5 * 60_000, call: { handle: 'quiet' } });
  // A licence scanned into the form (a 2D scanner in keyboard mode): fills the name, birthday and ID number; a corrupt, expired or under-age one is refused.
  const [scanned, setScanned] = useState<string | null>(null);
  // Or by the camera (its PDF417, the same rules): the licence's refusal, shown as a scanner's is.
  const { t: tHardware } = useTranslation('hardware');
  const [filming, setFilming] = useState(false);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);
  const onLicence = ({ licence, field, before }: LicenceScanned) => {
    setProblem(null);
    setScanned(null);
    setCameraProblem(null);
    // The scan typed into the field that had focus: it gets its value back (then the licence's fields).
    const restored = (f: ProfileForm) => (field && field in f && before !== null ? { ...f, [field]: before } : f);
    if (!licence) {
      setForm(restored);
      return;
    }
    setForm((f) => ({
      ...restored(f),
      first_name: licence.firstName,
      last_name: licence.lastName,
      birthday: licence.birthday,
      drivers_license: licence.idNumber,
      address: licenceAddress(licence),
    }));
    setErrors({});
    setScanned(t('hardware:idScan.filled'));
  };
  const minimumAge = store.data ? { min_age: store.data.min_age } : null;
  const wedgeProblem = useLicenceScan(opened && !filming, minimumAge, onLicence);
  const scanProblem = cameraProblem ?? wedgeProblem;
  const onCameraLicence = (code: string) => {
    setFilming(false);
    const read = readLicence(code, minimumAge, tHardware);
    onLicence({ licence: read.licence, field: null, before: null });
    setCameraProblem(read.problem);
  };
  const canFilm = cameraAvailable();
  const problemRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  // The refusal shows under the last field: on a phone the dialog's body scrolls, and it would land below
  // the fold, cut in half, or end flush on the dialog's edge. Brought into view whole with the buttons under
  // it (the cashier corrects and saves again), then the message itself should it be taller than the rest.
  useEffect(() => {
    if (!problem) return;
    actionsRef.current?.scrollIntoView?.({ block: 'nearest' });
    problemRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [problem]);

  useEffect(() => {
    if (!opened) return;
    setForm(formOf(editing));
    setErrors({});
    setProblem(null);
    setScanned(null);
    setCameraProblem(null);
    setFilming(false);
  }, [opened, editing]);

  const set = (field: ProfileField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validateProfile(form, storeToday(diff), store.data ? { min_age: store.data.min_age, day: ageDay() } : null);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setProblem(null);
    try {
      const payload = profilePayload(form);
      if (editing) onUpdated(await write('/customer/update', { id: editing.id, ...payload }, { handle: 'inline' }));
      else onCreated(await write('/customer/create', payload, { handle: 'inline' }));
    } catch (err) {
      if (err instanceof ApiError && err.failure.kind === 'message') {
        const why = customerFormRefusal(err.reply, t, (iso) => storeDate(iso, diff));
        if (why) {
          setProblem(why);
          return;
        }
        // The refusal in the user's language (the server's English `error` is never shown).
        setProblem(err.message);
      }
    } finally {
      setBusy(false);
    }
  };

  const err = (field: ProfileField) => {
    const p = errors[field];
    return p ? t(p.key, p.values) : undefined;
  };

  const input = ({ field, type, inputMode, autoComplete }: (typeof TEXT_FIELDS)[number]) => (
    <TextInput
      key={field}
      name={field}
      label={t(`fields.${field}`)}
      value={form[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
      error={err(field)}
      required={field === 'first_name' || field === 'last_name' || field === 'birthday'}
      type={type}
      inputMode={inputMode}
      autoComplete={autoComplete}
      // Room past the maximum so the form can say what is wrong instead of cutting the text.
      maxLength={field in CUSTOMER_FIELD_MAX ? CUSTOMER_FIELD_MAX[field as keyof typeof CUSTOMER_FIELD_MAX] + 20 : undefined}
      data-autofocus={field === 'first_name' ? true : undefined}
      data-testid={`field-${field}`}
    />
  );

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? t('form.editTitle') : t('form.createTitle')} size={POPUP_WIDTH} centered data-testid="customer-form">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              onClick={() => setFilming(true)}
              disabled={!canFilm}
              title={canFilm ? undefined : t('camera.unavailable')}
              data-testid="customer-form-camera-id"
            >
              {t('camera.licence.open')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
            {TEXT_FIELDS.slice(0, 4).map(input)}
            <NativeSelect
              name="gender"
              label={t('fields.gender')}
              value={form.gender}
              onChange={(e) => set('gender', e.currentTarget.value)}
              data={GENDERS.map((g) => ({ value: g, label: t(`gender.${g || 'none'}`) }))}
              error={err('gender')}
              data-testid="field-gender"
            />
            {TEXT_FIELDS.slice(4).map(input)}
          </SimpleGrid>
          {scanProblem ? (
            <Alert color="red" role="alert" data-testid="customer-form-scan-problem">
              {scanProblem}
            </Alert>
          ) : scanned ? (
            <Alert color="teal" role="status" data-testid="customer-form-scanned">
              {scanned}
            </Alert>
          ) : null}
          {problem ? (
            <Alert ref={problemRef} color="red" role="alert" data-testid="customer-form-problem" styles={{ message: { overflowWrap: 'anywhere' } }}>
              {problem}
            </Alert>
          ) : null}
          <Group ref={actionsRef} justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="customer-form-save">
              {editing ? t('form.save') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      <CameraScanDialog opened={filming} kind="licence" onClose={() => setFilming(false)} onCode={onCameraLicence} />
    </Modal>
  );
}

/** The licence's address as the customer's one line: "street, city, state zip" (the parts it has). */
function licenceAddress(l: { street: string; city: string; state: string; zip: string }): string {
  return [l.street, l.city, `${l.state} ${l.zip}`.trim()].filter(Boolean).join(', ');
}
