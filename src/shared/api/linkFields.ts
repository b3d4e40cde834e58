/** Link fields of server data, judged by the one allow-list (src/shared/links.ts). */
import { z } from '../zod';
import { safeLink } from '../links';

/**
 * A link field of server data: a safe link is kept as it is; anything else parses to '' (no link)
 * instead of failing the whole answer. http: passes here and is judged at the sink, which knows
 * the environment.
 */
export const linkField = z
  .string()
  .transform((value) => (safeLink(value, { allowHttp: true }) ? value.trim() : ''));

/** A nullable link field of server data (`payUrl`): unsafe becomes null. */
export const nullableLinkField = z
  .string()
  .nullable()
  .transform((value) =>
    value !== null && safeLink(value, { allowHttp: true }) ? value.trim() : null,
  );
