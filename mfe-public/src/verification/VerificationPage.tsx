import { errorMessage } from '@psb/api-client/http';
import { Link, useSearchParams } from '@psb/router';
import { Alert, Button, Center, Loader, Stack, Title } from '@psb/ui';
import { useQuery } from '@tanstack/react-query';
import { verifyEmail } from '../auth/api';

/** Target of the e-mailed verification link: /verification?token=… */
export default function VerificationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useQuery({
    queryKey: ['public', 'verification', token],
    queryFn: () => verifyEmail({ token }),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Stack align="center" gap="md" py="xl" maw={520} mx="auto">
      <Title order={2}>Verifikasi Email</Title>
      {!token && (
        <Alert color="red" title="Tautan tidak valid">
          Tautan verifikasi tidak lengkap. Buka kembali tautan dari email Anda.
        </Alert>
      )}
      {token && result.isPending && (
        <Center>
          <Loader />
        </Center>
      )}
      {result.isSuccess && (
        <Alert color="green" title="Berhasil" data-testid="verification-result">
          {result.data.message}
        </Alert>
      )}
      {result.isError && (
        <Alert color="red" title="Gagal" data-testid="verification-result">
          {errorMessage(result.error)}
        </Alert>
      )}
      <Button component={Link} to="/?modal=login">
        Masuk
      </Button>
    </Stack>
  );
}
