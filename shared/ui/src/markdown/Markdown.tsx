import { Text, Typography } from '@mantine/core';
import { lazy, Suspense } from 'react';

const MarkdownBody = lazy(() => import(/* webpackChunkName: "psb-markdown" */ './MarkdownBody'));

export interface MarkdownProps {
  /** Markdown written by staff (the api already removed any HTML from it). */
  children: string;
  /**
   * The same text as HTML, already rendered and sanitised by our server (the home's first view hands it over):
   * shown as is, so the renderer is not loaded for it.
   */
  html?: string;
  'data-testid'?: string;
}

/**
 * Staff-written Markdown (bold, italic, headings, lists, links) as page content. The renderer (react-markdown)
 * loads on first use, so pages without formatted text never pay for it; until then the text shows as is. Raw
 * HTML is never rendered, and links to other sites open in a new tab.
 */
export function Markdown({ children, html, 'data-testid': testId }: MarkdownProps) {
  if (html !== undefined)
    // Sanitised by the server with an allow-list of harmless tags (see the api's first view).
    return <Typography data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <Typography data-testid={testId}>
      <Suspense fallback={<Text style={{ whiteSpace: 'pre-line' }}>{children}</Text>}>
        <MarkdownBody>{children}</MarkdownBody>
      </Suspense>
    </Typography>
  );
}
