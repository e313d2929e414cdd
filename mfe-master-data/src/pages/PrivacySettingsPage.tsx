import { ConsentTextEditor } from '../settings/ConsentTextEditor';
import { SettingsPage } from '../settings/SettingsPage';

/** Persetujuan Data: the versioned consent text parents agree to when they register and each child. */
export default function PrivacySettingsPage() {
  return (
    <SettingsPage
      title="Persetujuan Data Pribadi"
      intro="Teks yang disetujui orang tua saat membuat akun dan mendaftarkan setiap anak. Setiap perubahan disimpan sebagai versi baru."
    >
      <ConsentTextEditor />
    </SettingsPage>
  );
}
