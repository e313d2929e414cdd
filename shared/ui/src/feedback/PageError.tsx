import { Button, Stack, Text, Title } from '@mantine/core';

export interface PageErrorProps {
  title?: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}

/** A failure shown inside the page area, so the surrounding layout keeps working. */
export function PageError({
  title = 'Terjadi kesalahan',
  message,
  onRetry,
  retryLabel = 'Coba lagi',
}: PageErrorProps) {
  return (
    <Stack align="center" gap="sm" py="xl" role="alert" data-testid="page-error">
      <Title order={3}>{title}</Title>
      <Text c="dimmed" ta="center" maw={480}>
        {message}
      </Text>
      {onRetry && (
        <Button onClick={onRetry} variant="light">
          {retryLabel}
        </Button>
      )}
    </Stack>
  );
}
