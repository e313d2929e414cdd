import { errorMessage, fieldErrors } from '@psb/api-client/http';
import { signedInWithin, useSession } from '@psb/api-client/session';
import { normalizeVoucher } from '@psb/contracts/auth';
import { RECENT_SIGN_IN_SECONDS } from '@psb/contracts/parent';
import {
  Alert,
  Button,
  formatDate,
  Group,
  Modal,
  notify,
  PasswordField,
  Select,
  Stack,
  Text,
  TextInput,
} from '@psb/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { createRegistrant, registrantKeys } from '../common/api/registrant';
import { schoolPeriodsQuery } from '../common/api/school-periods';
import { listVoucherClasses, listVoucherSchools } from '../common/api/voucher-places';

export interface AddRegistrantModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
  /** A voucher code to start with (a voucher just bought). */
  initialToken?: string;
}

const EMPTY = { token: '', password: '', school_id: '', school_period_id: '', mst_class_id: '' };
type Values = typeof EMPTY;

// A minute short of the server's window: the form takes a while to fill and this device's clock may differ.
const RECENT_ENOUGH = RECENT_SIGN_IN_SECONDS - 60;

/**
 * 'Tambah Calon Murid': voucher code + the account password as confirmation (not asked of a parent who signed
 * in minutes ago; asked again when the server says so), then school, registration period
 * and class from what the voucher and the open periods allow (POST /registrant). The server decides in one
 * transaction; its messages (voucher used, wrong password, quota full …) land on the fields.
 */
export function AddRegistrantModal({ opened, onClose, onCreated, initialToken }: AddRegistrantModalProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(EMPTY);
  // The voucher narrows the schools (and classes) once the server knows it; the code is sent as typed so far.
  const [lookupToken, setLookupToken] = useState('');
  // A code handed in (e.g. "Gunakan" on a bought voucher) fills the field and narrows the schools at once.
  const [handedIn, setHandedIn] = useState<string | undefined>(undefined);
  if (opened && initialToken && initialToken !== handedIn) {
    setHandedIn(initialToken);
    setValues({ ...EMPTY, token: initialToken });
    setLookupToken(initialToken);
  }
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sessionToken = useSession((s) => s.token);
  // Once the server asked for the password (the window passed meanwhile), the field stays.
  const [serverAsked, setServerAsked] = useState(false);
  const askPassword = serverAsked || !signedInWithin(sessionToken, RECENT_ENOUGH);
  const token = normalizeVoucher(values.token);

  const schools = useQuery({
    queryKey: ['public', 'school', lookupToken],
    queryFn: () => listVoucherSchools(lookupToken || undefined),
    enabled: opened,
    staleTime: 60_000,
    retry: false,
  });
  // A code the server does not know (usually mistyped) is said on the voucher field, not as "no school".
  const voucherProblem =
    lookupToken && lookupToken === token && schools.isError ? errorMessage(schools.error) : undefined;
  const periods = useQuery({ ...schoolPeriodsQuery(), enabled: opened });
  const school = schools.data?.find((s) => String(s.id) === values.school_id);
  const classes = useQuery({
    queryKey: ['public', 'mst_class', school?.name ?? '', lookupToken, values.school_period_id],
    queryFn: () => listVoucherClasses(school!.name, lookupToken || undefined, values.school_period_id),
    // The period decides the classes on offer and their free places.
    enabled: opened && !!school && !!values.school_period_id,
    staleTime: 60_000,
  });
  const openPeriods = (periods.data ?? []).filter(
    (p) => p.is_open && String(p.school_id) === values.school_id,
  );
  const chosenPeriod = openPeriods.find((p) => String(p.id) === values.school_period_id);

  const set = (key: keyof Values, value: string) => {
    setValues((v) => {
      const next = { ...v, [key]: value };
      // A different school means other periods and classes.
      if (key === 'school_id') Object.assign(next, { school_period_id: '', mst_class_id: '' });
      if (key === 'school_period_id') Object.assign(next, { mst_class_id: '' });
      return next;
    });
    setErrors((e) => ({ ...e, [key]: undefined }));
    setProblem(null);
  };

  const close = () => {
    setValues(EMPTY);
    setHandedIn(undefined);
    setServerAsked(false);
    setErrors({});
    setProblem(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Partial<Record<keyof Values, string>> = {};
    if (!token) problems.token = 'Kode voucher wajib diisi.';
    if (askPassword && values.password.length < 6) problems.password = 'Kata sandi minimal 6 karakter.';
    if (!values.school_id) problems.school_id = 'Pilih sekolah.';
    if (!values.school_period_id) problems.school_period_id = 'Pilih periode pendaftaran.';
    if (!values.mst_class_id) problems.mst_class_id = 'Pilih kelas.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const res = await createRegistrant({
        token,
        ...(askPassword ? { password: values.password } : {}),
        school_id: Number(values.school_id),
        school_period_id: Number(values.school_period_id),
        mst_class_id: Number(values.mst_class_id),
      });
      notify.success(`${res.message} Nomor pendaftaran: ${res.data.registration_number}.`);
      await queryClient.invalidateQueries({ queryKey: registrantKeys.all });
      setValues(EMPTY);
      onCreated(res.data.id);
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.password) setServerAsked(true);
      setErrors(fields as Partial<Record<keyof Values, string>>);
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Tambah Calon Murid" centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {askPassword
              ? 'Masukkan kode voucher pendaftaran dari sekolah dan kata sandi akun Anda sebagai konfirmasi.'
              : 'Masukkan kode voucher pendaftaran dari sekolah. Anda baru saja masuk, jadi kata sandi tidak perlu diisi lagi.'}
          </Text>
          <TextInput
            label="Kode Voucher"
            name="token"
            withAsterisk
            data-autofocus
            autoComplete="off"
            autoCapitalize="characters"
            value={values.token}
            onChange={(e) => set('token', e.currentTarget.value.toUpperCase())}
            onBlur={() => setLookupToken(token)}
            error={errors.token ?? voucherProblem}
          />
          {askPassword && (
            <PasswordField
              label="Kata sandi akun"
              name="password"
              withAsterisk
              autoComplete="current-password"
              value={values.password}
              onChange={(e) => set('password', e.currentTarget.value)}
              error={errors.password}
            />
          )}
          <Select
            label="Sekolah"
            withAsterisk
            placeholder={schools.isPending ? 'Memuat…' : 'Pilih sekolah'}
            data={(schools.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={values.school_id || null}
            onChange={(v) => set('school_id', v ?? '')}
            error={errors.school_id}
            nothingFoundMessage={
              voucherProblem
                ? 'Periksa kode voucher terlebih dahulu'
                : 'Tidak ada sekolah yang sedang membuka pendaftaran'
            }
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Periode pendaftaran"
            withAsterisk
            placeholder={values.school_id ? 'Pilih periode' : 'Pilih sekolah terlebih dahulu'}
            disabled={!values.school_id}
            data={openPeriods.map((p) => ({ value: String(p.id), label: p.name }))}
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            description={
              chosenPeriod
                ? `${formatDate(chosenPeriod.start_date)} – ${formatDate(chosenPeriod.end_date)} · kuota ${chosenPeriod.quota} calon murid`
                : undefined
            }
            value={values.school_period_id || null}
            onChange={(v) => set('school_period_id', v ?? '')}
            error={errors.school_period_id}
            nothingFoundMessage="Tidak ada periode yang dibuka"
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Kelas"
            withAsterisk
            placeholder={values.school_period_id ? 'Pilih kelas' : 'Pilih periode terlebih dahulu'}
            disabled={!values.school_period_id}
            data={(classes.data ?? []).map((c) => ({
              value: String(c.id),
              label: c.remaining === undefined ? c.name : `${c.name} · sisa ${c.remaining} kursi`,
              disabled: c.remaining === 0,
            }))}
            nothingFoundMessage="Periode ini belum membuka kelas"
            value={values.mst_class_id || null}
            onChange={(v) => set('mst_class_id', v ?? '')}
            error={errors.mst_class_id}
            comboboxProps={{ withinPortal: true }}
          />
          {problem && (
            <Alert color="red" data-testid="add-registrant-error" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              Batal
            </Button>
            <Button type="submit" loading={busy}>
              Tambah
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
