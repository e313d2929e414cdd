import { Link } from '@psb/router';
import {
  Anchor,
  Button,
  Card,
  Group,
  Markdown,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@psb/ui';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { firstPageQuery } from '../home/api';
import { interviewGuidePdfUrl } from './api';
import { STEP_KEYS, STEP_LABELS, useInfoLinks } from './area';

/** The registration guide (`first_page` guide: a list of {key, title, value}; items without a key are drafts). */
export function GuidePage() {
  const { data, isPending } = useQuery(firstPageQuery());
  const links = useInfoLinks();
  const guide = (data?.result.guide ?? []).filter((g) => g.key.trim() !== '');
  return (
    <Stack gap="md">
      <Title order={2}>Panduan Pendaftaran</Title>
      {isPending ? (
        <Skeleton height={200} />
      ) : guide.length === 0 ? (
        <Text c="gray.7">Panduan belum tersedia.</Text>
      ) : (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="guide-list">
          {guide.map((g, i) => (
            <Paper key={g.key} component="li" withBorder radius="md" p="md">
              <Group align="flex-start" wrap="nowrap" gap="md">
                <ThemeIcon radius="xl" size="lg" variant="light" aria-hidden>
                  {i + 1}
                </ThemeIcon>
                <Stack gap={2}>
                  {g.title && <Text fw={600}>{g.title}</Text>}
                  {g.value && <Markdown>{g.value}</Markdown>}
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {!links.parent && (
        <Card withBorder radius="md">
          <Text fw={600} mb="xs">
            Langkah demi langkah
          </Text>
          <Group gap="xs">
            {STEP_KEYS.map((k, i) => (
              <Button key={k} variant="light" size="sm" component={Link} to={`/registration_steps/${k}`}>
                {i + 1}. {STEP_LABELS[k]}
              </Button>
            ))}
          </Group>
        </Card>
      )}
      <Group gap="md">
        <Button
          component="a"
          href={interviewGuidePdfUrl()}
          target="_blank"
          rel="noopener"
          variant="outline"
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
        >
          Unduh Panduan Wawancara (PDF)
        </Button>
        <Anchor component={Link} to={links.faq}>
          Lihat FAQ
        </Anchor>
      </Group>
    </Stack>
  );
}

export default GuidePage;
