import { copyChildAddress, hasChildAddress } from '@psb/contracts/survey';
import { Button, Group, notify, Text } from '@psb/ui';
import { IconCopy } from '@tabler/icons-react';
import type { PageExtraProps } from './SurveyForm';

/**
 * On the father's and the mother's page: one tap puts the child's address (street and every region level)
 * into both parents' addresses — most families live together, and the cascade is slow to fill on a phone.
 */
export function AddressCopy({ readOnly, answers, setAnswers }: PageExtraProps) {
  if (readOnly) return null;
  const ready = hasChildAddress(answers);
  return (
    <Group gap="sm" wrap="wrap" data-testid="address-copy">
      <Button
        variant="light"
        size="sm"
        leftSection={<IconCopy size={16} aria-hidden />}
        disabled={!ready}
        onClick={() => {
          setAnswers(copyChildAddress(answers, ['ayah', 'ibu']));
          notify.success('Alamat ayah dan ibu diisi sama dengan alamat calon murid.');
        }}
      >
        Sama dengan alamat calon murid
      </Button>
      {!ready && (
        <Text size="sm" c="gray.7">
          Isi dulu alamat calon murid di bagian Identitas Calon.
        </Text>
      )}
    </Group>
  );
}
