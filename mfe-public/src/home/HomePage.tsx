import { useNavigate, useSearchParams } from '@psb/router';
import { Badge, Button, Grid, Group, Image, Markdown, Skeleton, Stack, Title } from '@psb/ui';
import { useQuery } from '@tanstack/react-query';
import { AuthModalsOnDemand } from '../auth/AuthModalsOnDemand';
import { type AuthModal, isAuthModal } from '../auth/authModal';
import { RemoteVersion } from '../version/RemoteVersion';
import { firstPageQuery, serverHtml } from './api';
import { HomeBanner } from './HomeBanner';
import { InfoLinks } from './InfoLinks';

const FALLBACK_IMAGE = '/welcome.svg';

export interface HomePageProps {
  /** Opened when the URL names no dialog (/login, /reset-password). */
  defaultModal?: AuthModal;
  resetToken?: string | null;
}

export function HomePage({ defaultModal, resetToken }: HomePageProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data, isPending } = useQuery(firstPageQuery());
  const requested = params.get('modal');
  const open = isAuthModal(requested) ? requested : (defaultModal ?? null);
  const welcome = data?.result.welcome_description;

  return (
    <Stack gap="xl">
      {data?.result.banner_home.active && <HomeBanner banner={data.result.banner_home} />}
      <Grid gap="xl" align="center">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            {data?.school_year && (
              <Badge variant="light" size="lg" w="fit-content" data-testid="school-year">
                Tahun Ajaran {data.school_year.name}
              </Badge>
            )}
            <Title order={1}>Penerimaan Siswa Baru</Title>
            {isPending ? (
              <Skeleton height={80} />
            ) : (
              welcome && (
                <Markdown data-testid="welcome-text" html={serverHtml(welcome)}>
                  {welcome}
                </Markdown>
              )
            )}
            <Group>
              <Button size="md" onClick={() => navigate('/?modal=login')} data-testid="home-login">
                Masuk
              </Button>
              <Button
                size="md"
                variant="outline"
                onClick={() => navigate('/?modal=register')}
                data-testid="home-register"
              >
                Daftar
              </Button>
              <Button
                size="md"
                variant="subtle"
                onClick={() => navigate('/?modal=voucher')}
                data-testid="home-voucher"
              >
                Daftar dengan Voucher
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Image
            src={data?.result.welcome_image || FALLBACK_IMAGE}
            fallbackSrc={FALLBACK_IMAGE}
            alt="Ilustrasi penerimaan siswa baru"
            radius="md"
            mah={360}
            fit="contain"
          />
        </Grid.Col>
      </Grid>
      <InfoLinks />
      <RemoteVersion />
      <AuthModalsOnDemand open={open} resetToken={resetToken} />
    </Stack>
  );
}

export default HomePage;
