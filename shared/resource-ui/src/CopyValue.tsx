import { ActionIcon, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A list value with a button that copies it to the clipboard, confirmed with "Disalin". */
export function CopyValue({ value }: { value: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <span>{value}</span>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Disalin' : 'Salin'} opened={copied || undefined} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              aria-label={copied ? `${value} disalin` : `Salin ${value}`}
              onClick={copy}
            >
              {copied ? <IconCheck size={14} stroke={2} /> : <IconCopy size={14} stroke={1.6} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
