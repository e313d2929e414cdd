import { z } from 'zod';

/** A file in an answer body (documented only: streams and buffers are sent without serialising). */
const binaryFile = z.string().meta({ format: 'binary' });

/**
 * An OpenAPI response for a file download, one entry per content type it may have, so the document names what
 * a client receives.
 */
export const binaryResponse = (description: string, contentTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(contentTypes.map((type) => [type, { schema: binaryFile }])),
});
