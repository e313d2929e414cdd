import { NumberInput, TextInput } from '@psb/ui';
import { ConfigSection } from './ConfigSection';
import { SettingsPage } from './SettingsPage';

/** Biaya Admin: the fee added to a parent's payment. */
export default function AdminFeeSettingsPage() {
  return (
    <SettingsPage title="Biaya Admin" intro="Biaya administrasi yang ditambahkan pada pembayaran orang tua.">
      <ConfigSection name="admin_fee" title="Biaya admin">
        {(fee, set) => (
          <>
            <NumberInput
              label="Besar biaya (Rp.)"
              value={fee.amount}
              onChange={(v) => set({ ...fee, amount: typeof v === 'number' ? v : 0 })}
              min={0}
              step={500}
              thousandSeparator="."
              decimalSeparator=","
              allowDecimal={false}
              prefix="Rp. "
              w={240}
            />
            <TextInput
              label="Keterangan"
              value={fee.note ?? ''}
              onChange={(e) => set({ ...fee, note: e.currentTarget.value })}
            />
          </>
        )}
      </ConfigSection>
    </SettingsPage>
  );
}
