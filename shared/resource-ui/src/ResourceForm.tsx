import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { DASHBOARD_KEY_ROOT, errorMessage, errorStatus, fieldErrors } from '@psb/api-client/http';
import type { FieldDecl, ResourceDecl } from '@psb/contracts/resources';
import { notify } from '@psb/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createRecord, resourceKeys, updateRecord } from './api';
import { DateField } from './DateField';
import { formatValue, formFields, type ResourceRecord, relationDisplayKey } from './describe';
import { type FormValues, initialValues, requestBody } from './formValues';
import { RelationPicker } from './RelationPicker';

type Form = UseFormReturnType<FormValues>;

function FieldInput({
  decl,
  field,
  form,
  record,
}: {
  decl: ResourceDecl;
  field: FieldDecl;
  form: Form;
  record: ResourceRecord | null;
}) {
  const common = {
    label: field.label,
    description: field.description,
    placeholder: field.placeholder,
    withAsterisk: field.required === true,
    'data-field': field.name,
  };
  switch (field.input) {
    case 'textarea':
      return (
        <Textarea
          {...common}
          {...form.getInputProps(field.name)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={field.maxLength}
        />
      );
    case 'number':
      return <NumberInput {...common} {...form.getInputProps(field.name)} allowDecimal={false} min={0} />;
    case 'money':
      return (
        <NumberInput
          {...common}
          {...form.getInputProps(field.name)}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator="."
          decimalSeparator=","
          prefix="Rp. "
        />
      );
    case 'boolean':
      return (
        <Switch
          label={field.label}
          description={field.description}
          data-field={field.name}
          {...form.getInputProps(field.name, { type: 'checkbox' })}
          mt="xs"
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          {...form.getInputProps(field.name)}
          data={field.options?.map((o) => ({ value: o.value, label: o.label })) ?? []}
          placeholder={field.placeholder ?? `Pilih ${field.label.toLowerCase()}`}
          clearable={!field.required}
          allowDeselect={!field.required}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          {...common}
          {...form.getInputProps(field.name)}
          data={field.options?.map((o) => ({ value: o.value, label: o.label })) ?? []}
          placeholder={field.placeholder ?? `Pilih ${field.label.toLowerCase()}`}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'relation': {
      const displayKey = relationDisplayKey(decl, field.name);
      const current = record?.[field.name];
      const currentLabel = displayKey ? record?.[displayKey] : undefined;
      const knownLabels =
        current !== null && current !== undefined && typeof currentLabel === 'string'
          ? {
              [String(current)]: formatValue(
                currentLabel,
                decl.columns.find((c) => c.key === displayKey)?.format,
              ),
            }
          : undefined;
      const props = form.getInputProps(field.name);
      return (
        <RelationPicker
          {...common}
          resource={field.resource ?? ''}
          value={(props.value as string | null) ?? null}
          onChange={(v) => props.onChange(v ?? '')}
          error={props.error}
          onBlur={props.onBlur}
          onFocus={props.onFocus}
          knownLabels={knownLabels}
          clearable={!field.required}
        />
      );
    }
    case 'date':
      return <DateField {...common} {...form.getInputProps(field.name)} />;
    case 'password':
      return <PasswordInput {...common} {...form.getInputProps(field.name)} autoComplete="new-password" />;
    case 'email':
      return (
        <TextInput {...common} {...form.getInputProps(field.name)} type="email" maxLength={field.maxLength} />
      );
    case 'phone':
      return (
        <TextInput
          {...common}
          {...form.getInputProps(field.name)}
          inputMode="numeric"
          maxLength={field.maxLength}
        />
      );
    default:
      return <TextInput {...common} {...form.getInputProps(field.name)} maxLength={field.maxLength} />;
  }
}

export interface ResourceFormProps {
  decl: ResourceDecl;
  /** The record to edit; null = a new one. */
  record: ResourceRecord | null;
  onClose: () => void;
}

/**
 * The create/edit form of a resource, inside a modal: inputs from the declaration's fields, validated with its
 * zod create/update schema (Indonesian messages), server field errors (400) mapped onto the inputs, a 409 shown
 * as a Gagal message. On success: Sukses, every resource list refreshes (names shown elsewhere may change).
 */
export function ResourceFormBody({ decl, record, onClose }: ResourceFormProps) {
  const mode = record ? 'edit' : 'create';
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    initialValues: initialValues(decl, record),
    validate: schemaResolver(mode === 'create' ? decl.createSchema : decl.updateSchema, { sync: true }),
  });
  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const body = requestBody(decl, values, mode);
      return record ? updateRecord(decl, record.id, body) : createRecord(decl, body);
    },
    onSuccess: async (response) => {
      notify.success(response.message ?? 'Data berhasil disimpan.');
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.root }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY_ROOT }),
      ]);
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      const status = errorStatus(error);
      notify.error(
        status === 400 && Object.keys(fields).length > 0
          ? 'Periksa kembali isian yang ditandai.'
          : errorMessage(error),
      );
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="sm">
        {formFields(decl, mode).map((field) => (
          <FieldInput key={field.name} decl={decl} field={field} form={form} record={record} />
        ))}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Batal
          </Button>
          <Button type="submit" loading={save.isPending}>
            Simpan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ResourceForm({ opened, ...props }: ResourceFormProps & { opened: boolean }) {
  const title = props.record ? `Ubah ${props.decl.label}` : `Tambah ${props.decl.label}`;
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={title}
      size={props.decl.fields.length > 4 ? 'lg' : 'md'}
      closeOnClickOutside={false}
    >
      {/* Remounted per record, so the form starts from that record's values. */}
      {opened && <ResourceFormBody key={props.record?.id ?? 'new'} {...props} />}
    </Modal>
  );
}
