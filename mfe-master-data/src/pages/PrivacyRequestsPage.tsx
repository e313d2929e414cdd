import { useModuleActions } from '@psb/resource-ui';
import { NoAccess } from '@psb/ui';
import { PrivacyRequestQueue } from '../settings/PrivacyRequestQueue';
import { SettingsPage } from '../settings/SettingsPage';

/** Permintaan Data: parents' correction and deletion requests, answered within 3×24 hours. */
export default function PrivacyRequestsPage() {
  const actions = useModuleActions('Konfigurasi');
  if (!actions.read) return <NoAccess modules={['Konfigurasi']} />;
  return (
    <SettingsPage
      title="Permintaan Data Pribadi"
      intro="Permintaan orang tua untuk memperbaiki data yang sudah dikirim atau menghapus akunnya. Undang-undang mewajibkan jawaban dalam 3×24 jam."
    >
      <PrivacyRequestQueue canAnswer={actions.update} />
    </SettingsPage>
  );
}
