/** Link fields of server data, judged by the one allow-list (src/shared/links.ts). */

import { safeLink } from '@shared/links';
import { z } from '@shared/zod';

/**
 * A link field of server data: a safe link is kept as it is; anything else parses to '' (no link)
 * instead of failing the whole answer. http: passes here and is judged at the sink, which knows
 * the environment.
 */
export const linkField = z.pipe(
  z.string(),
  z.transform((value) => (safeLink(value, { allowHttp: true }) ? value.trim() : '')),
);

/** A nullable link field of server data (`payUrl`): unsafe becomes null. */
export const nullableLinkField = z.pipe(
  z.nullable(z.string()),
  z.transform((value) =>
    value !== null && safeLink(value, { allowHttp: true }) ? value.trim() : null,
  ),
);
