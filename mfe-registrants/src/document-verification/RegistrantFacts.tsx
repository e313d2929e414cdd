import type { RegistrantDocuments } from '@psb/contracts/registrants-admin';
import { Link } from '@psb/router';
import { Anchor, Card, LabeledValue, SimpleGrid, Stack, Text, Title } from '@psb/ui';
import { StatusBadge } from '../common/StatusBadge';

/** What staff compare a document with: the registrant's identity answers. */
export function RegistrantFacts({ r }: { r: RegistrantDocuments['registrant'] }) {
  return (
    <Card withBorder padding="md" data-testid="registrant-facts">
      <Stack gap="xs">
        <div>
          <Title order={2} size="h4">
            {r.name ?? 'Calon murid'}
          </Title>
          <Text size="sm" ff="monospace" c="gray.7">
            {r.registration_number} · {r.school_name}
          </Text>
        </div>
        <StatusBadge status={r.status as Parameters<typeof StatusBadge>[0]['status']} size="sm" />
        {r.facts.length === 0 ? (
          <Text size="sm">Formulir belum diisi.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {r.facts.map((f) => (
              <LabeledValue key={f.label} label={f.label} value={f.text} />
            ))}
          </SimpleGrid>
        )}
        <Anchor component={Link} to={`/admin/registrant/detail?id=${r.id}`} size="sm">
          Buka detail calon murid
        </Anchor>
      </Stack>
    </Card>
  );
}
