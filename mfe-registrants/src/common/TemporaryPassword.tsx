import { Code, Stack, Text } from '@psb/ui';

/** A temporary password shown this once, with what staff must do with it. */
export function TemporaryPassword({ password, testId }: { password: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="gray.7">
        Kata sandi sementara
      </Text>
      <Code fz="lg" data-testid={testId}>
        {password}
      </Code>
      <Text size="sm" c="gray.7">
        Kata sandi sementara hanya ditampilkan sekali. Cetak slip login sekarang dan serahkan kepada orang
        tua; orang tua wajib menggantinya saat pertama kali masuk.
      </Text>
    </Stack>
  );
}
