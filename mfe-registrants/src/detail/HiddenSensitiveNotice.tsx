import { QUESTION_BY_NO } from '@psb/contracts/registrants-admin';
import { Alert, Text } from '@psb/ui';

/** Says which answers the server left out because the staff member has no Data Sensitif module. */
export function HiddenSensitiveNotice({ hidden }: { hidden: readonly number[] | undefined }) {
  if (!hidden || hidden.length === 0) return null;
  const labels = hidden.map((no) => QUESTION_BY_NO.get(no)?.label ?? `Pertanyaan ${no}`);
  return (
    <Alert color="gray" title="Data sensitif disembunyikan" data-testid="sensitive-hidden">
      <Text size="sm">
        {hidden.length} jawaban tidak ditampilkan karena termasuk data sensitif: {labels.join(', ')}. Untuk
        melihatnya diperlukan hak akses Data Sensitif.
      </Text>
    </Alert>
  );
}
