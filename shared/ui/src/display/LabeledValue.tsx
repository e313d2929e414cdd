import { Text } from '@mantine/core';

/** A read-only value under its small label (data summaries of the parent and the staff). */
export function LabeledValue({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
