import type { GetInputPropsReturnType } from '@mantine/form';
import { SimpleGrid, TextInput } from '@psb/ui';

interface ContactForm {
  getInputProps(path: 'parent_name' | 'email' | 'phone_number'): GetInputPropsReturnType;
}

/** The parent's name and contact, for an account staff make (or find) for a registrant. */
export function ParentContactFields({ form }: { form: ContactForm }) {
  return (
    <>
      <TextInput label="Nama orang tua" required {...form.getInputProps('parent_name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        <TextInput label="No. HP" inputMode="numeric" {...form.getInputProps('phone_number')} />
      </SimpleGrid>
    </>
  );
}
