/**
 * The one error body of the mock server's admin API (docs/mock-server.md "Admin API"): `{code,
 * message}`, with `code` the HTTP status, the shape the API's own refusals have (DESIGN.md §5).
 */
import { z } from './zod';

export const adminErrorBodySchema = z.object({ code: z.int(), message: z.string() });
export type AdminErrorBody = z.infer<typeof adminErrorBodySchema>;
