import { DOCUMENT_PLACEHOLDERS, type DocumentKind, type DocumentTemplate } from '@psb/contracts/content';
import {
  Badge,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@psb/ui';
import { ImageField } from './ImageField';

export interface TemplateFieldsProps {
  kind: DocumentKind;
  value: DocumentTemplate;
  onChange: (next: DocumentTemplate) => void;
}

/** The layout's fields: paper, margins, letter head and logo, title and text with placeholders, signature. */
export function TemplateFields({ kind, value, onChange }: TemplateFieldsProps) {
  const set = <K extends keyof DocumentTemplate>(key: K, v: DocumentTemplate[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Select
          label="Kertas"
          data={['A4', 'F4', 'A5']}
          value={value.paper}
          onChange={(v) => v && set('paper', v as DocumentTemplate['paper'])}
          allowDeselect={false}
        />
        <Select
          label="Orientasi"
          data={[
            { value: 'portrait', label: 'Tegak' },
            { value: 'landscape', label: 'Mendatar' },
          ]}
          value={value.orientation}
          onChange={(v) => v && set('orientation', v as DocumentTemplate['orientation'])}
          allowDeselect={false}
        />
        <NumberInput
          label="Margin (mm)"
          value={value.margin_mm}
          min={5}
          max={40}
          onChange={(v) => set('margin_mm', Number(v) || 5)}
        />
        <NumberInput
          label="Ukuran huruf"
          value={value.font_size}
          min={8}
          max={16}
          onChange={(v) => set('font_size', Number(v) || 8)}
        />
      </SimpleGrid>
      <Textarea
        label="Kop surat (satu baris per baris kop)"
        value={value.header}
        onChange={(e) => set('header', e.currentTarget.value)}
        autosize
        minRows={2}
      />
      <ImageField kind={kind} label="Logo" value={value.logo} onChange={(v) => set('logo', v)} />
      <TextInput label="Judul" value={value.title} onChange={(e) => set('title', e.currentTarget.value)} />
      <Textarea
        label="Isi"
        description="Baris kosong memisahkan paragraf; baris diawali tanda - menjadi daftar."
        descriptionProps={{ c: 'gray.7' }}
        value={value.body}
        onChange={(e) => set('body', e.currentTarget.value)}
        autosize
        minRows={6}
        data-testid="template-body"
      />
      <Stack gap={4}>
        <Text size="xs" c="gray.7">
          Isian otomatis (klik untuk menambahkan ke isi):
        </Text>
        <Group gap={4}>
          {Object.entries(DOCUMENT_PLACEHOLDERS).map(([key, label]) => (
            <Tooltip key={key} label={label}>
              <Badge
                component="button"
                type="button"
                variant="light"
                style={{ cursor: 'pointer', textTransform: 'none' }}
                onClick={() => set('body', `${value.body}{${key}}`)}
              >
                {`{${key}}`}
              </Badge>
            </Tooltip>
          ))}
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Tempat" value={value.place} onChange={(e) => set('place', e.currentTarget.value)} />
        <TextInput
          label="Jabatan penanda tangan"
          value={value.signer_title}
          onChange={(e) => set('signer_title', e.currentTarget.value)}
        />
        <TextInput
          label="Nama penanda tangan"
          value={value.signer_name}
          onChange={(e) => set('signer_name', e.currentTarget.value)}
        />
      </SimpleGrid>
      <ImageField
        kind={kind}
        label="Tanda tangan"
        value={value.signature_image}
        onChange={(v) => set('signature_image', v)}
      />
    </Stack>
  );
}
