import { ColorInput, Text } from '@psb/ui';
import { ConfigSection } from './ConfigSection';
import { MarkdownEditor } from './MarkdownEditor';
import { SettingsPage } from './SettingsPage';

/** Konfigurasi: the theme colour and the test and graduation overviews parents read. */
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
    </SettingsPage>
  );
}
