import { schemaResolver, useForm } from '@mantine/form';
import { errorMessage, fieldErrors } from '@psb/api-client/http';
import { useSession } from '@psb/api-client/session';
import { updateProfileSchema } from '@psb/contracts/auth';
import { Button, Card, notify, Skeleton, Stack, TextInput, Title } from '@psb/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { meKeys, meQuery, updateMe } from './api';

/** View and edit name, e-mail and phone (PUT me); the session's name follows. */
export function ProfileForm() {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(meQuery());
  const [saving, setSaving] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', phone_number: '' },
    validate: schemaResolver(updateProfileSchema, { sync: true }),
  });

  useEffect(() => {
    if (!data) return;
    const values = {
      name: data.user.name,
      email: data.user.email ?? '',
      phone_number: data.user.phone_number ?? '',
    };
    form.setInitialValues(values);
    form.setValues(values);
  }, [data]);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const body = {
        name: values.name.trim(),
        email: values.email.trim(),
        phone_number: values.phone_number.trim(),
      };
      const response = await updateMe(body);
      useSession.getState().updateProfile('user', {
        name: response.user?.name ?? body.name,
        email: response.user?.email ?? body.email,
        phone_number: response.user?.phone_number ?? body.phone_number,
      });
      await queryClient.invalidateQueries({ queryKey: meKeys.me('user') });
      notify.success('Profil berhasil disimpan.');
    } catch (error) {
      form.setErrors(fieldErrors(error));
      notify.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="md">
        Data Akun
      </Title>
      {isPending ? (
        <Skeleton height={200} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label="Nama" name="name" key={form.key('name')} {...form.getInputProps('name')} />
            <TextInput
              label="Email"
              name="email"
              type="email"
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <TextInput
              label="No. HP"
              name="phone_number"
              inputMode="numeric"
              key={form.key('phone_number')}
              {...form.getInputProps('phone_number')}
            />
            <Button type="submit" loading={saving} w="fit-content">
              Simpan
            </Button>
          </Stack>
        </form>
      )}
    </Card>
  );
}
