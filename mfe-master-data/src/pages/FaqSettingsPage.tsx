import type { ConfigValue } from '@psb/contracts/content';
import { FAQ_TOPICS, type FaqTopic } from '@psb/contracts/core';
import { Badge, Button, Card, Group, Stack, Tabs, Text, TextInput } from '@psb/ui';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfigSection } from '../settings/ConfigSection';
import { ItemControls } from '../settings/ItemControls';
import { MarkdownEditor } from '../settings/MarkdownEditor';
import { SettingsPage } from '../settings/SettingsPage';
import { useItemList } from '../settings/useItemList';

type Faq = ConfigValue<'faq'>;

/** FAQ per topic: questions in the order parents read them, each answer with simple formatting. */
export default function FaqSettingsPage() {
  return (
    <SettingsPage
      title="FAQ"
      intro="Pertanyaan yang sering diajukan, per topik, seperti tampil di halaman FAQ."
    >
      <ConfigSection name="faq" title="Daftar pertanyaan">
        {(faq, set, editor) => (
          <FaqEditor
            faq={faq}
            set={set}
            canDelete={editor.actions.delete}
            stored={editor.query.data?.data ?? []}
          />
        )}
      </ConfigSection>
    </SettingsPage>
  );
}

function FaqEditor({
  faq,
  set,
  canDelete,
  stored,
}: {
  faq: Faq;
  set: (f: Faq) => void;
  canDelete: boolean;
  stored: Faq;
}) {
  const [topic, setTopic] = useState<FaqTopic>(FAQ_TOPICS[0].key);
  const { update, controls } = useItemList('faq', faq, set, stored, canDelete);
  const indices = faq.flatMap((f, i) => (f.topic === topic ? [i] : []));

  return (
    <Tabs value={topic} onChange={(v) => v && setTopic(v as FaqTopic)}>
      <Tabs.List>
        {FAQ_TOPICS.map((t) => (
          <Tabs.Tab
            key={t.key}
            value={t.key}
            rightSection={
              <Badge size="xs" variant="light">
                {faq.filter((f) => f.topic === t.key).length}
              </Badge>
            }
          >
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Stack gap="sm" pt="md">
        {indices.length === 0 && <Text c="gray.7">Belum ada pertanyaan pada topik ini.</Text>}
        {indices.map((i, n) => {
          const item = faq[i]!;
          const name = `pertanyaan ${n + 1}`;
          return (
            <Card key={item.id ?? `baru-${i}`} withBorder padding="sm" data-testid="faq-item">
              <Stack gap="xs">
                <Group justify="space-between" align="flex-end">
                  <TextInput
                    label={`Pertanyaan ${n + 1}`}
                    value={item.question}
                    onChange={(e) => update(i, { question: e.currentTarget.value })}
                    style={{ flex: 1 }}
                    required
                  />
                  <ItemControls name={name} {...controls(i, indices)} />
                </Group>
                <MarkdownEditor
                  label="Jawaban"
                  value={item.answer}
                  onChange={(answer) => update(i, { answer })}
                  minRows={3}
                />
              </Stack>
            </Card>
          );
        })}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} stroke={1.6} />}
            onClick={() => set([...faq, { topic, question: '', answer: '' }])}
          >
            Tambah pertanyaan
          </Button>
        </Group>
      </Stack>
    </Tabs>
  );
}
