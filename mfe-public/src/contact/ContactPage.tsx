import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@psb/ui';
import { useQuery } from '@tanstack/react-query';
import { firstPageQuery } from '../home/api';

const FIELDS = [
  ['address', 'Alamat'],
  ['phone', 'Telepon'],
  ['whatsapp', 'WhatsApp'],
  ['email', 'Email'],
  ['office_hours', 'Jam Layanan'],
] as const;

export default function ContactPage() {
  const { data, isPending } = useQuery(firstPageQuery());
  const contact = data?.result.contact ?? {};
  const shown = FIELDS.filter(([key]) => contact[key]);
  return (
    <Stack gap="md">
      <Title order={2}>Kontak</Title>
      {isPending && <Skeleton height={120} />}
      {!isPending && shown.length === 0 && <Text c="gray.7">Informasi kontak belum tersedia.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {shown.map(([key, label]) => (
          <Card key={key} withBorder>
            <Text size="sm" c="gray.7">
              {label}
            </Text>
            {key === 'email' ? (
              <Anchor href={`mailto:${contact[key]}`}>{contact[key]}</Anchor>
            ) : (
              <Text style={{ whiteSpace: 'pre-line' }}>{contact[key]}</Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
      {contact.map_url && (
        <Anchor href={contact.map_url} target="_blank" rel="noopener noreferrer">
          Lihat lokasi di peta
        </Anchor>
      )}
    </Stack>
  );
}
