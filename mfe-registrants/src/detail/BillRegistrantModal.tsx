import { CreateBillModal } from '@psb/staff-ui';
import { notify } from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateRegistrants } from '../common/api/registrants';
import { billRegistrant } from './api/registrant';

/**
 * A bill of one payment type for this registrant: the lines of its period's payment setup, or one cost.
 * The bills screen then shows it with every action (installments, VA, approval).
 */
export function BillRegistrantModal({ id, who, onClose }: { id: number; who: string; onClose: () => void }) {
  const client = useQueryClient();
  return (
    <CreateBillModal
      title="Buat Tagihan"
      centered
      intro={`Tagihan untuk ${who} dibuat dari pengaturan Pembayaran per Periode, atau dengan biaya di bawah bila diisi.`}
      testIds={{ form: 'bill-registrant-form', type: 'bill-type', submit: 'bill-registrant-submit' }}
      onClose={onClose}
      onCreate={async ({ generate_va: _, ...choice }) => {
        await billRegistrant(id, choice);
        notify.success(`Tagihan untuk ${who} dibuat.`);
        await invalidateRegistrants(client);
      }}
    />
  );
}
