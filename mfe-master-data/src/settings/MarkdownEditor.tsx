import { ActionIcon, Group, Markdown, Paper, Stack, Tabs, Text, Textarea, Tooltip } from '@psb/ui';
import { IconBold, IconH3, IconItalic, IconLink, IconList } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';

export interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  description?: string;
  minRows?: number;
  error?: string;
  'data-testid'?: string;
}

type Edit = { before: string; after: string; line?: boolean; placeholder: string };
const TOOLS: { label: string; icon: typeof IconBold; edit: Edit }[] = [
  { label: 'Tebal', icon: IconBold, edit: { before: '**', after: '**', placeholder: 'teks tebal' } },
  { label: 'Miring', icon: IconItalic, edit: { before: '_', after: '_', placeholder: 'teks miring' } },
  {
    label: 'Subjudul',
    icon: IconH3,
    edit: { before: '### ', after: '', line: true, placeholder: 'Subjudul' },
  },
  { label: 'Daftar', icon: IconList, edit: { before: '- ', after: '', line: true, placeholder: 'butir' } },
  {
    label: 'Tautan',
    icon: IconLink,
    edit: { before: '[', after: '](https://)', placeholder: 'teks tautan' },
  },
];

/**
 * Markdown text with a small toolbar (bold, italic, subheading, list, link) and a preview drawn by the same
 * renderer the pages use. HTML typed here is removed by the server when saved.
 */
export function MarkdownEditor({
  label,
  value,
  onChange,
  description,
  minRows = 4,
  error,
  ...rest
}: MarkdownEditorProps) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [tab, setTab] = useState<string | null>('write');

  const apply = ({ before, after, line, placeholder }: Edit) => {
    const el = area.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const chosen = value.slice(start, end) || placeholder;
    const lineStart = line && start > 0 && value[start - 1] !== '\n' ? '\n' : '';
    const next = `${value.slice(0, start)}${lineStart}${before}${chosen}${after}${value.slice(end)}`;
    onChange(next);
    const from = start + lineStart.length + before.length;
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(from, from + chosen.length);
    });
  };

  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={id} size="sm" fw={500}>
        {label}
      </Text>
      {description && (
        <Text size="xs" c="gray.7">
          {description}
        </Text>
      )}
      <Tabs value={tab} onChange={setTab} variant="outline">
        <Tabs.List>
          <Tabs.Tab value="write">Tulis</Tabs.Tab>
          <Tabs.Tab value="preview">Pratinjau</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="write" pt="xs">
          <Group gap={4} mb={4} role="toolbar" aria-label={`Format ${label}`}>
            {TOOLS.map((t) => (
              <Tooltip key={t.label} label={t.label}>
                <ActionIcon variant="default" aria-label={t.label} onClick={() => apply(t.edit)}>
                  <t.icon size={16} stroke={1.6} />
                </ActionIcon>
              </Tooltip>
            ))}
          </Group>
          <Textarea
            id={id}
            ref={area}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            autosize
            minRows={minRows}
            maxRows={20}
            error={error}
            data-testid={rest['data-testid']}
          />
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="xs">
          <Paper withBorder p="sm" mih={80}>
            {value.trim() ? <Markdown>{value}</Markdown> : <Text c="gray.7">Belum ada teks.</Text>}
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
