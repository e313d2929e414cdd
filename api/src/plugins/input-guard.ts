import { isIdText } from '@psb/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';

export const CONTROL_CHAR_MESSAGE = 'Data mengandung karakter kontrol yang tidak diizinkan.';

/** Every C0 control and DEL: PostgreSQL refuses NUL in text, and none of them belongs in a field. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
/** In JSON string values tab, line feed and carriage return are kept: addresses, answers, announcements. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const CONTROL_BUT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The dotted path of the first string (or key) in `value` matching `bad`, or null. Iterative, so a deeply
 * nested body cannot overflow the stack.
 */
export function findControl(value: unknown, bad: RegExp, keyBad: RegExp = ANY_CONTROL): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (bad.test(v)) return at || '_';
    } else if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) stack.push([item, at ? `${at}.${i}` : String(i)]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, item] of Object.entries(v)) {
        const path = at ? `${at}.${k}` : k;
        if (keyBad.test(k)) return path;
        stack.push([item, path]);
      }
    }
  }
  return null;
}

const refuse = (field: string) => new HttpError(400, CONTROL_CHAR_MESSAGE, { [field]: CONTROL_CHAR_MESSAGE });
const ID_MESSAGE = 'Id tidak valid.';

/**
 * Input rules every route gets before its own validation: no control characters in the path, query or JSON
 * body (tab and line breaks only inside body strings), and path parameters that name an id (`id`, `…_id`)
 * spelled as plain positive integers — whatever schema the route itself declares.
 */
export default fp(
  async function inputGuard(app: FastifyInstance) {
    app.addHook('preValidation', async (req) => {
      const params = (req.params ?? {}) as Record<string, unknown>;
      const inPath = findControl(params, ANY_CONTROL);
      if (inPath) throw refuse(inPath);
      const inQuery = findControl(req.query, ANY_CONTROL);
      if (inQuery) throw refuse(inQuery);
      const inBody = findControl(req.body, CONTROL_BUT_WHITESPACE);
      if (inBody) throw refuse(inBody);
      for (const [key, v] of Object.entries(params)) {
        if ((key === 'id' || key.endsWith('_id')) && typeof v === 'string' && !isIdText(v))
          throw new HttpError(400, ID_MESSAGE, { [key]: ID_MESSAGE });
      }
    });
  },
  { name: 'input-guard' },
);
