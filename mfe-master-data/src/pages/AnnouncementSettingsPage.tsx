import { ConfigSection } from '../settings/ConfigSection';
import { MarkdownEditor } from '../settings/MarkdownEditor';
import { SettingsPage } from '../settings/SettingsPage';

/** Pengumuman: the text of the announcement pages (public and parent area). */
export default function AnnouncementSettingsPage() {
  return (
    <SettingsPage
      title="Pengumuman"
      intro="Teks pengumuman yang tampil di halaman Pengumuman untuk pengunjung dan orang tua."
    >
      <ConfigSection name="announcement" title="Teks pengumuman">
        {(text, set) => (
          <MarkdownEditor
            label="Pengumuman"
            value={text}
            onChange={set}
            minRows={8}
            data-testid="announcement-text"
          />
        )}
      </ConfigSection>
    </SettingsPage>
  );
}
