import { Textarea, TextInput } from '@psb/ui';
import { ConfigSection } from '../settings/ConfigSection';
import { SettingsPage } from '../settings/SettingsPage';

const FIELDS = [
  ['phone', 'Telepon'],
  ['whatsapp', 'WhatsApp'],
  ['email', 'Email'],
  ['office_hours', 'Jam layanan'],
  ['map_url', 'Tautan peta (https://…)'],
] as const;

/** Kontak: what the Kontak pages show. */
export default function ContactSettingsPage() {
  return (
    <SettingsPage
      title="Kontak"
      intro="Informasi kontak panitia yang tampil di halaman Kontak. Kolom kosong tidak ditampilkan."
    >
      <ConfigSection name="contact" title="Informasi kontak">
        {(contact, set) => (
          <>
            <Textarea
              label="Alamat"
              value={contact.address ?? ''}
              onChange={(e) => set({ ...contact, address: e.currentTarget.value })}
              autosize
              minRows={2}
            />
            {FIELDS.map(([key, label]) => (
              <TextInput
                key={key}
                label={label}
                value={contact[key] ?? ''}
                onChange={(e) => set({ ...contact, [key]: e.currentTarget.value })}
              />
            ))}
          </>
        )}
      </ConfigSection>
    </SettingsPage>
  );
}
