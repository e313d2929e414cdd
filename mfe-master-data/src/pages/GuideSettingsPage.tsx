import type { ConfigValue } from '@psb/contracts/content';
import { Button, Card, Group, Stack, Text, TextInput } from '@psb/ui';
import { IconPlus } from '@tabler/icons-react';
import { ConfigSection } from '../settings/ConfigSection';
import { InterviewSections } from '../settings/InterviewSections';
import { ItemControls } from '../settings/ItemControls';
import { MarkdownEditor } from '../settings/MarkdownEditor';
import { SettingsPage } from '../settings/SettingsPage';
import { useItemList } from '../settings/useItemList';

type Guide = ConfigValue<'guide'>;

/** Panduan PSB: the ordered steps of the guide page. A step without a key is not kept. */
export default function GuideSettingsPage() {
  return (
    <SettingsPage
      title="Panduan"
      intro="Langkah-langkah panduan pendaftaran, tampil berurutan di halaman Panduan."
    >
      <ConfigSection
        name="guide"
        title="Langkah panduan"
        description="Setiap langkah memerlukan kunci (mis. daftar-akun). Langkah dengan kunci kosong tidak disimpan."
      >
        {(guide, set, editor) => (
          <GuideEditor
            guide={guide}
            set={set}
            canDelete={editor.actions.delete}
            stored={editor.query.data?.data ?? []}
          />
        )}
      </ConfigSection>
      <InterviewSections />
    </SettingsPage>
  );
}

function GuideEditor({
  guide,
  set,
  canDelete,
  stored,
}: {
  guide: Guide;
  set: (g: Guide) => void;
  canDelete: boolean;
  stored: Guide;
}) {
  const { update, controls } = useItemList('guide', guide, set, stored, canDelete);
  return (
    <Stack gap="sm">
      {guide.length === 0 && <Text c="gray.7">Belum ada langkah.</Text>}
      {guide.map((item, i) => {
        const name = `langkah ${i + 1}`;
        return (
          <Card key={item.id ?? `baru-${i}`} withBorder padding="sm">
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  label="Kunci"
                  value={item.key}
                  onChange={(e) => update(i, { key: e.currentTarget.value })}
                  w={180}
                  description={item.key.trim() ? undefined : 'Kosong: langkah ini tidak akan disimpan.'}
                  descriptionProps={{ c: 'red.9' }}
                />
                <TextInput
                  label={`Judul langkah ${i + 1}`}
                  value={item.title ?? ''}
                  onChange={(e) => update(i, { title: e.currentTarget.value })}
                  style={{ flex: 1, minWidth: 200 }}
                />
                <ItemControls name={name} {...controls(i)} />
              </Group>
              <MarkdownEditor
                label="Isi"
                value={item.value ?? ''}
                onChange={(value) => update(i, { value })}
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
          onClick={() => set([...guide, { key: `langkah-${guide.length + 1}`, title: '', value: '' }])}
        >
          Tambah langkah
        </Button>
      </Group>
    </Stack>
  );
}
