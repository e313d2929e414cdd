import { CONNECTION_ERROR, errorMessage, isRetryable } from '@psb/api-client/http';
import { PageError } from '@psb/ui';

/**
 * A page or panel whose data did not load, saying what is true: the server's reason (a record that is gone, no
 * access) or, when no answer came (`error` empty while offline too), the lost connection. "Coba lagi" is offered
 * only where asking again can help.
 */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <PageError
      title={title}
      message={error ? errorMessage(error) : CONNECTION_ERROR}
      onRetry={isRetryable(error) ? onRetry : undefined}
    />
  );
}
