import { RelationPicker } from '@psb/resource-ui';
import { type BillForm, CreateBillModal } from '@psb/staff-ui';
import { notify } from '@psb/ui';
import { generateMany, usePeriodSchool } from './api/bills';

interface Who extends Record<string, unknown> {
  school_period_id: string | null;
  mst_class_id: string | null;
}

/** Bill every registrant of a period (optionally one class) that has no bill of the type yet, as a job. */
export function BulkGenerateModal({
  typeId,
  onClose,
  onStarted,
}: {
  typeId: number | null;
  onClose: () => void;
  /** The job's id: the list watches it and reads the bills again when it ends. */
  onStarted: (jobId: number) => void;
}) {
  return (
    <CreateBillModal<Who>
      title="Buat Tagihan Massal"
      size="lg"
      typeId={typeId}
      offerVa
      intro="Setiap calon murid pada periode ini yang belum memiliki tagihan jenis ini akan dibuatkan tagihan dari pengaturan Pembayaran per Periode, atau dengan biaya di bawah bila diisi."
      extra={{
        initialValues: { school_period_id: null, mst_class_id: null },
        validate: { school_period_id: (v) => (v ? null : 'Pilih periode pendaftaran.') },
        render: (form) => <PeriodAndClass form={form} />,
      }}
      onClose={onClose}
      onCreate={async (choice, who) => {
        const res = await generateMany({
          ...choice,
          school_period_id: Number(who.school_period_id),
          ...(who.mst_class_id ? { mst_class_id: Number(who.mst_class_id) } : {}),
          request_key: crypto.randomUUID(),
        });
        notify.success(`${res.message} ${res.data.total} calon murid.`);
        onStarted(res.data.job_id);
      }}
    />
  );
}

/** The period, then a class of that period's school (a class of another school would bill nobody). */
function PeriodAndClass({ form }: { form: BillForm<Who> }) {
  const periodSchool = usePeriodSchool(Number(form.values.school_period_id));
  return (
    <>
      <RelationPicker
        resource="school_period"
        label="Periode Pendaftaran"
        required
        value={form.values.school_period_id}
        onChange={(v) => {
          form.setFieldValue('school_period_id', v);
          // A class of the former period's school would bill nobody.
          form.setFieldValue('mst_class_id', null);
        }}
        error={form.errors.school_period_id}
      />
      <RelationPicker
        resource="mst_class"
        label="Kelas (opsional)"
        description={periodSchool.data ? undefined : 'Pilih periode dahulu: kelas dari sekolah periode itu.'}
        disabled={!periodSchool.data}
        filters={periodSchool.data ? { school_id: String(periodSchool.data) } : undefined}
        value={form.values.mst_class_id}
        onChange={(v) => form.setFieldValue('mst_class_id', v)}
        data-testid="bulk-class"
      />
    </>
  );
}
