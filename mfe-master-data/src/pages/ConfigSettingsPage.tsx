import { ColorInput, Text, Textarea } from '@psb/ui';
import { ConfigSection } from '../settings/ConfigSection';
import { MarkdownEditor } from '../settings/MarkdownEditor';
import { SettingsPage } from '../settings/SettingsPage';

/** Konfigurasi: the theme colour, the test and graduation overviews parents read, the status page's message. */
export default function ConfigSettingsPage() {
  return (
    <SettingsPage
      title="Konfigurasi"
      intro="Warna tema aplikasi dan ringkasan tes serta kelulusan yang dibaca orang tua."
    >
      <ConfigSection name="theme" title="Warna tema">
        {(theme, set) => (
          <>
            <ColorInput label="Warna utama" value={theme} onChange={set} format="hex" w={240} />
            <Text size="xs" c="gray.7">
              Warna baru diterapkan saat halaman dimuat ulang.
            </Text>
          </>
        )}
      </ConfigSection>
      <ConfigSection name="test_overview" title="Ringkasan tes" description="Tampil di beranda orang tua.">
        {(text, set) => <MarkdownEditor label="Ringkasan tes" value={text} onChange={set} />}
      </ConfigSection>
      <ConfigSection
        name="graduation_overview"
        title="Ringkasan kelulusan"
        description="Tampil di beranda orang tua."
      >
        {(text, set) => <MarkdownEditor label="Ringkasan kelulusan" value={text} onChange={set} />}
      </ConfigSection>
      <ConfigSection
        name="status_message"
        title="Pesan halaman status"
        description="Tampil di halaman publik /status, misalnya saat antrean pendaftaran ramai."
      >
        {(text, set) => (
          <Textarea
            label="Pesan"
            value={text}
            onChange={(e) => set(e.currentTarget.value)}
            autosize
            minRows={2}
          />
        )}
      </ConfigSection>
    </SettingsPage>
  );
}
