import { errorMessage } from '@psb/api-client/http';
import type { RegistrantFamily } from '@psb/contracts/parent';
import { type Answers, unconfirmedFamilyNos } from '@psb/contracts/survey';
import { Button, notify, Text } from '@psb/ui';
import { IconCheck, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Notice } from '../common/Notice';

export type ConfirmFamily = (nos: number[]) => Promise<RegistrantFamily>;

/**
 * The answers this form took from the family's earlier form and the parent has not confirmed yet: an answer
 * the parent changed is their own and no longer counts as copied.
 */
export function useFamilyCopy(family: RegistrantFamily | undefined, answers: Answers) {
  const [copied, setCopied] = useState<Answers>(family?.copied ?? {});
  const unconfirmed = useMemo(() => new Set(unconfirmedFamilyNos(answers, copied)), [answers, copied]);
  return { source: family?.source ?? null, unconfirmed, setCopied };
}

interface NoticeProps {
  source: RegistrantFamily['source'];
  /** The copied, unconfirmed answers shown on this page. */
  nos: number[];
  /** Saves the page, then confirms `nos`; answers the family copy as the server now holds it. */
  confirm: ConfirmFamily;
  onConfirmed: (family: RegistrantFamily) => void;
}

/** Above a page with copied answers: where they came from, and one tap to confirm them after reading. */
export function FamilyCopyNotice({ source, nos, confirm, onConfirmed }: NoticeProps) {
  const [busy, setBusy] = useState(false);
  if (nos.length === 0) return null;
  const from = source ? `formulir ${source.name ?? 'anak Anda'} (${source.school_name})` : 'data keluarga';
  const run = async () => {
    setBusy(true);
    try {
      onConfirmed(await confirm(nos));
      notify.success('Data keluarga di halaman ini sudah dikonfirmasi.');
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Notice
      color="blue"
      icon={<IconUsers size={20} aria-hidden />}
      title="Diisi dari data keluarga"
      data-testid="family-copy-notice"
    >
      <Text size="sm" mb="xs">
        {nos.length} isian di halaman ini disalin dari {from}, ditandai “Disalin dari data keluarga”. Periksa,
        ubah bila ada yang berbeda, lalu konfirmasi. Formulir baru dapat dikirim setelah semua data keluarga
        dikonfirmasi.
      </Text>
      <Button size="sm" leftSection={<IconCheck size={16} aria-hidden />} loading={busy} onClick={run}>
        Data keluarga sudah benar
      </Button>
    </Notice>
  );
}

/** Under a copied answer still awaiting confirmation. */
export function CopiedMark({ no }: { no: number }) {
  return (
    <Text size="xs" c="blue.9" mt={4} data-testid={`copied-${no}`}>
      Disalin dari data keluarga · belum dikonfirmasi
    </Text>
  );
}
