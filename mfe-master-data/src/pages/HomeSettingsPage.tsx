import { Switch, TextInput } from '@psb/ui';
import { ConfigSection } from '../settings/ConfigSection';
import { MarkdownEditor } from '../settings/MarkdownEditor';
import { SettingsPage } from '../settings/SettingsPage';
import { WelcomeImageField } from '../settings/WelcomeImageField';

/** Beranda: the home page's welcome text and picture, its banner, and the message on the parents' dashboard. */
export default function HomeSettingsPage() {
  return (
    <SettingsPage title="Beranda" intro="Isi halaman depan dan pesan di beranda orang tua.">
      <ConfigSection name="welcome" title="Sambutan">
        {(welcome, set) => (
          <>
            <MarkdownEditor
              label="Teks sambutan"
              value={welcome.description}
              onChange={(description) => set({ ...welcome, description })}
              data-testid="welcome-description"
            />
            <WelcomeImageField image={welcome.image} />
          </>
        )}
      </ConfigSection>
      <ConfigSection name="banner_home" title="Banner" description="Pita informasi di atas halaman depan.">
        {(banner, set) => (
          <>
            <Switch
              label="Tampilkan banner"
              checked={banner.active}
              onChange={(e) => set({ ...banner, active: e.currentTarget.checked })}
            />
            <MarkdownEditor
              label="Teks banner"
              value={banner.text}
              onChange={(text) => set({ ...banner, text })}
              minRows={2}
            />
            <TextInput
              label="Tautan (opsional, https://…)"
              value={banner.link ?? ''}
              onChange={(e) => set({ ...banner, link: e.currentTarget.value })}
            />
          </>
        )}
      </ConfigSection>
      <ConfigSection
        name="message"
        title="Pesan untuk orang tua"
        description="Tampil di beranda orang tua setelah masuk."
      >
        {(text, set) => <MarkdownEditor label="Pesan" value={text} onChange={set} />}
      </ConfigSection>
    </SettingsPage>
  );
}
