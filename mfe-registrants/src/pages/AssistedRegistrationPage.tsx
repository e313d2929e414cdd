import { schemaResolver, useForm } from '@mantine/form';
import { errorMessage, fieldErrors } from '@psb/api-client/http';
import {
  type AssistedMode,
  type AssistedResponse,
  assistedRegistrationSchema,
} from '@psb/contracts/registrants-admin';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@psb/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AssistedResult } from '../assisted/AssistedResult';
import { classesQuery, registerAssisted, usePeriods, useSchools } from '../assisted/api/assisted';
import { ParentContactFields } from '../assisted/ParentContactFields';
import { invalidateRegistrants } from '../common/api/registrants';
import { SubPageHeader } from '../common/SubPageHeader';

const EMPTY = {
  mode: 'account' as AssistedMode,
  child_name: '',
  school_id: '',
  school_period_id: '',
  mst_class_id: '',
  is_internal: false,
  parent_name: '',
  email: '',
  phone_number: '',
};

/**
 * `/admin/registrant/assisted` ("Daftarkan Pendaftar"): staff register a walk-in parent's child, with an account
 * (new with a temporary password, or the parent's existing one) or without one; then print the login slip.
 */
export function AssistedRegistrationPage() {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<AssistedResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(assistedRegistrationSchema, { sync: true }),
    onValuesChange: (values, previous) => {
      if (values.school_id !== previous.school_id) form.setValues({ school_period_id: '', mst_class_id: '' });
      else if (values.school_period_id !== previous.school_period_id) form.setValues({ mst_class_id: '' });
    },
  });
  const v = form.getValues();

  const schools = useSchools();
  const periods = usePeriods();
  const school = schools.data?.find((s) => String(s.id) === v.school_id);
  const classes = useQuery({
    ...classesQuery(school?.name ?? '', v.school_period_id),
    enabled: !!school && !!v.school_period_id,
  });
  const openPeriods = (periods.data ?? []).filter((p) => p.is_open && String(p.school_id) === v.school_id);

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    try {
      const res = await registerAssisted({
        ...values,
        ...(values.mode === 'no_account' ? { parent_name: '', email: '', phone_number: '' } : {}),
      });
      setResult(res);
      await invalidateRegistrants(queryClient);
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length) form.setErrors(fields);
      setProblem(errorMessage(error));
    }
  });

  const again = () => {
    setResult(null);
    form.setValues({ ...EMPTY, school_id: v.school_id, school_period_id: v.school_period_id });
  };

  return (
    <Stack gap="md" data-testid="assisted-page">
      <SubPageHeader title="Daftarkan Pendaftar">
        Untuk orang tua yang datang langsung ke sekolah.
      </SubPageHeader>
      {result ? (
        <AssistedResult result={result} onAgain={again} />
      ) : (
        <Card withBorder padding="md" maw={760}>
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <Radio.Group label="Akun orang tua" {...form.getInputProps('mode')}>
                <Group mt={4}>
                  <Radio value="account" label="Dengan akun" />
                  <Radio value="no_account" label="Tanpa akun (akun dibuat kemudian)" />
                </Group>
              </Radio.Group>
              {v.mode === 'account' && (
                <>
                  <Text size="xs" c="gray.7">
                    Bila email atau No. HP sudah terdaftar, calon murid dihubungkan ke akun tersebut; bila
                    belum, akun baru dibuat dengan kata sandi sementara.
                  </Text>
                  <ParentContactFields form={form} />
                </>
              )}
              <TextInput label="Nama calon murid" required {...form.getInputProps('child_name')} />
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <Select
                  label="Sekolah"
                  required
                  placeholder="Pilih sekolah"
                  data={(schools.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
                  {...form.getInputProps('school_id')}
                  onChange={(x) => form.setFieldValue('school_id', x ?? '')}
                />
                <Select
                  label="Periode pendaftaran"
                  required
                  placeholder={v.school_id ? 'Pilih periode' : 'Pilih sekolah dahulu'}
                  nothingFoundMessage="Tidak ada periode yang dibuka"
                  data={openPeriods.map((p) => ({ value: String(p.id), label: p.name }))}
                  {...form.getInputProps('school_period_id')}
                  onChange={(x) => form.setFieldValue('school_period_id', x ?? '')}
                />
                <Select
                  label="Kelas"
                  required
                  placeholder={v.school_period_id ? 'Pilih kelas' : 'Pilih periode dahulu'}
                  data={(classes.data ?? []).map((k) => ({
                    value: String(k.id),
                    label: k.remaining === undefined ? k.name : `${k.name} (sisa ${k.remaining})`,
                    disabled: k.remaining !== undefined && k.remaining <= 0,
                  }))}
                  {...form.getInputProps('mst_class_id')}
                  onChange={(x) => form.setFieldValue('mst_class_id', x ?? '')}
                />
              </SimpleGrid>
              <Checkbox
                label="Murid internal (dari sekolah yayasan sendiri)"
                {...form.getInputProps('is_internal', { type: 'checkbox' })}
              />
              {problem && (
                <Alert color="red" title="Pendaftaran gagal">
                  {problem}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button type="submit" loading={form.submitting}>
                  Daftarkan
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}
    </Stack>
  );
}
