import { Card, Stack, Text, Textarea, TextInput } from '@psb/ui';
import { ConfigSection } from './ConfigSection';
import { LinesField } from './LinesField';
import { MarkdownEditor } from './MarkdownEditor';
import { STEP_KEYS_LABELS } from './stepLabels';

/** The registration step explainers, the interview announcement and the interview guide (its PDF's text). */
export function InterviewSections() {
  return (
    <>
      <ConfigSection
        name="registration_steps"
        title="Langkah pendaftaran"
        description="Halaman Langkah Pendaftaran: akun, pembayaran, biodata."
      >
        {(steps, set) =>
          STEP_KEYS_LABELS.map(([key, label]) => (
            <Card key={key} withBorder padding="sm">
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {label}
                </Text>
                <TextInput
                  label={`Judul ${label}`}
                  value={steps[key].title}
                  onChange={(e) => set({ ...steps, [key]: { ...steps[key], title: e.currentTarget.value } })}
                />
                <Textarea
                  label={`Pengantar ${label}`}
                  value={steps[key].intro}
                  onChange={(e) => set({ ...steps, [key]: { ...steps[key], intro: e.currentTarget.value } })}
                  autosize
                  minRows={2}
                />
                <LinesField
                  label={`Langkah ${label}`}
                  value={steps[key].steps}
                  onChange={(lines) => set({ ...steps, [key]: { ...steps[key], steps: lines } })}
                />
              </Stack>
            </Card>
          ))
        }
      </ConfigSection>
      <ConfigSection
        name="interview_announcement"
        title="Pengumuman wawancara"
        description="Halaman Pengumuman Wawancara untuk pengunjung dan orang tua."
      >
        {(a, set) => (
          <>
            <TextInput
              label="Judul pengumuman wawancara"
              value={a.title}
              onChange={(e) => set({ ...a, title: e.currentTarget.value })}
            />
            <MarkdownEditor
              label="Isi pengumuman wawancara"
              value={a.body}
              onChange={(body) => set({ ...a, body })}
            />
            <LinesField label="Jadwal" value={a.schedule} onChange={(schedule) => set({ ...a, schedule })} />
          </>
        )}
      </ConfigSection>
      <ConfigSection
        name="interview_guide"
        title="Panduan wawancara (PDF)"
        description="Teks berkas PDF Panduan Wawancara yang dapat diunduh orang tua."
      >
        {(g, set) => (
          <>
            <TextInput
              label="Judul panduan"
              value={g.title}
              onChange={(e) => set({ ...g, title: e.currentTarget.value })}
            />
            <Textarea
              label="Pengantar panduan"
              value={g.intro}
              onChange={(e) => set({ ...g, intro: e.currentTarget.value })}
              autosize
              minRows={2}
            />
            {g.sections.map((s, i) => {
              const put = (patch: Partial<typeof s>) =>
                set({ ...g, sections: g.sections.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
              return (
                <Card key={`bagian-${i}`} withBorder padding="sm">
                  <Stack gap="xs">
                    <TextInput
                      label={`Judul bagian ${i + 1}`}
                      value={s.title}
                      onChange={(e) => put({ title: e.currentTarget.value })}
                    />
                    <LinesField
                      label={`Butir bagian ${i + 1}`}
                      value={s.items}
                      onChange={(items) => put({ items })}
                    />
                  </Stack>
                </Card>
              );
            })}
            <Textarea
              label="Penutup panduan"
              value={g.closing}
              onChange={(e) => set({ ...g, closing: e.currentTarget.value })}
              autosize
              minRows={2}
            />
          </>
        )}
      </ConfigSection>
    </>
  );
}
