/**
 * Runtime configuration of the SPA (DESIGN.md §3): `app-config.json` beside index.html.
 */
import { z } from './zod';

export const appConfigSchema = z.object({
  env: z.enum(['production', 'development']),
  apiBase: z.object({
    main: z.string().check(z.minLength(1)),
    channel: z.string().check(z.minLength(1)),
    hk: z.string().check(z.minLength(1)),
  }),
  sentryDsn: z.nullable(z.string().check(z.minLength(1))),
  /** Variant flag: a slider-puzzle check gates Get Code (PRODUCT.md §2 Login page). */
  puzzleCheck: z.optional(z.boolean()),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** Its file name (kept in ./constants so the SPA reads it without loading zod). */
export { APP_CONFIG_FILE } from './constants';
