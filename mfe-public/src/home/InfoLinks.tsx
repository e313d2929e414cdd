import { Link } from '@psb/router';
import { Paper, SimpleGrid, Text, UnstyledButton } from '@psb/ui';

const LINKS = [
  {
    to: '/registration_steps/register',
    title: 'Langkah Pendaftaran',
    text: 'Akun, voucher, pembayaran, biodata',
  },
  { to: '/guide1', title: 'Panduan', text: 'Panduan PSB dan panduan wawancara' },
  { to: '/faq1', title: 'FAQ', text: 'Pertanyaan yang sering diajukan' },
  {
    to: '/interview_announcement#cek-status',
    title: 'Cek Status',
    text: 'Status pendaftaran dengan nomor pendaftaran',
  },
] as const;

/** Shortcuts of the home page to the information pages. */
export function InfoLinks() {
  return (
    <nav aria-label="Informasi pendaftaran">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {LINKS.map((l) => (
          <UnstyledButton key={l.to} component={Link} to={l.to}>
            <Paper withBorder radius="md" p="sm" h="100%">
              <Text fw={600} size="sm" c="brand.8">
                {l.title}
              </Text>
              <Text size="xs" c="gray.7">
                {l.text}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </nav>
  );
}
