import { Text, Typography } from '@mantine/core';
import { lazy, Suspense } from 'react';

const MarkdownBody = lazy(() => import('./MarkdownBody'));

export interface MarkdownProps {
  /** Markdown written by staff (the api already removed any HTML from it). */
  children: string;
  'data-testid'?: string;
}

/**
 * Staff-written Markdown (bold, italic, headings, lists, links) as page content. The renderer (react-markdown)
 * loads on first use, so pages without formatted text never pay for it; until then the text shows as is. Raw
 * HTML is never rendered, and links to other sites open in a new tab.
 */
export function Markdown({ children, 'data-testid': testId }: MarkdownProps) {
  return (
    <Typography data-testid={testId}>
      <Suspense fallback={<Text style={{ whiteSpace: 'pre-line' }}>{children}</Text>}>
        <MarkdownBody>{children}</MarkdownBody>
      </Suspense>
    </Typography>
  );
}
