/**
 * The shape of a change to the host's settings: one schema for the panel's actions and for the
 * settings a repro bundle carries, so both parse the same thing.
 */

import { z } from '@shared/zod';
import { DEVICE_IDS, HOST_PROFILES, INTERACTIVE_METHODS } from './types';

const autoAnswerSchema = z.enum(['ask', 'ok', 'cancel', 'fail']);

export const settingsPatchSchema = z.partial(
  z.strictObject({
    profile: z.enum(HOST_PROFILES),
    system: z.enum(['android', 'ios']),
    version: z.string().check(z.maxLength(40)),
    device: z.enum(DEVICE_IDS),
    online: z.boolean(),
    signedIn: z.boolean(),
    msisdn: z.string().check(z.maxLength(20)),
    autoAnswer: z.object(
      Object.fromEntries(INTERACTIVE_METHODS.map((m) => [m, autoAnswerSchema])) as Record<
        (typeof INTERACTIVE_METHODS)[number],
        typeof autoAnswerSchema
      >,
    ),
  }),
);
