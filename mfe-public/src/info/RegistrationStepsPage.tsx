import { Link } from '@psb/router';
import { Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@psb/ui';
import { useQuery } from '@tanstack/react-query';
import { contentQuery } from './api';
import { STEP_KEYS, STEP_LABELS, type StepKey } from './area';

interface Step {
  title?: string;
  intro?: string;
  steps?: string[];
}

/** /registration_steps/{register|payment|biodata}: explainers from config `registration_steps`. */
export function RegistrationStepsPage({ step }: { step: StepKey }) {
  const { data, isPending } = useQuery(contentQuery<Partial<Record<StepKey, Step>>>('registration_steps'));
  const content = data?.[step];
  const index = STEP_KEYS.indexOf(step);
  const prev = STEP_KEYS[index - 1];
  const next = STEP_KEYS[index + 1];
  return (
    <Stack gap="md">
      <Group gap="xs" role="navigation" aria-label="Langkah pendaftaran">
        {STEP_KEYS.map((k, i) => (
          <Button
            key={k}
            component={Link}
            to={`/registration_steps/${k}`}
            size="xs"
            radius="xl"
            variant={k === step ? 'filled' : 'light'}
            aria-current={k === step ? 'step' : undefined}
          >
            {i + 1}. {STEP_LABELS[k]}
          </Button>
        ))}
      </Group>
      {isPending ? (
        <Skeleton height={220} />
      ) : (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={2}>{content?.title ?? `Langkah ${index + 1}: ${STEP_LABELS[step]}`}</Title>
            {content?.intro && <Text>{content.intro}</Text>}
            {content?.steps?.length ? (
              <List
                type="ordered"
                spacing="sm"
                data-testid="step-list"
                styles={{ itemWrapper: { alignItems: 'flex-start' } }}
              >
                {content.steps.map((s) => (
                  <List.Item key={s}>{s}</List.Item>
                ))}
              </List>
            ) : (
              <Text c="gray.7">Penjelasan langkah ini belum tersedia.</Text>
            )}
          </Stack>
        </Card>
      )}
      <Group justify="space-between">
        {prev ? (
          <Button variant="default" component={Link} to={`/registration_steps/${prev}`}>
            Sebelumnya: {STEP_LABELS[prev]}
          </Button>
        ) : (
          <span />
        )}
        {next ? (
          <Button component={Link} to={`/registration_steps/${next}`}>
            Berikutnya: {STEP_LABELS[next]}
          </Button>
        ) : (
          <Button component={Link} to="/?modal=register">
            Daftar Sekarang
          </Button>
        )}
      </Group>
    </Stack>
  );
}
