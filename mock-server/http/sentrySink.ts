/**
 * A local Sentry sink: `POST /sentry/api/:projectId/envelope/` accepts Sentry envelopes
 * (newline-delimited JSON) and records them in the world's traffic log with host `sentry`, so a
 * DSN `http://public@127.0.0.1:<port>/sentry/1` works offline. Only Sentry's envelope content type
 * is taken (the SPA's reporter sets it): a `text/plain` post is what any page can send cross-site
 * without asking, and it must not write into the log QA reads. What an envelope may cost is
 * bounded before it is parsed: bytes, lines (items) and JSON values.
 */
import type { IncomingMessage } from 'node:http';
import express, { type Request, type Response, Router } from 'express';
import { existingWorldOf, worldIdOf } from './access';
import { ADMIN_MAX_VALUES, SENTRY_BODY_LIMIT } from './bodyLimits';
import { jsonShapeGuard } from './jsonDepth';

/**
 * Items one envelope may carry. The SPA's reporter sends an event, at times with a client report;
 * Sentry's SDKs put a few items in one envelope (an event, its attachments, a session).
 */
export const MAX_ENVELOPE_ITEMS = 16;
/** Lines of an envelope: its header, a header and a payload per item, a trailing newline. */
const MAX_ENVELOPE_LINES = 2 + 2 * MAX_ENVELOPE_ITEMS;
const NEWLINE = 0x0a;

/**
 * Bounds the work an envelope costs before any of it is parsed. Each line is parsed on its own,
 * so the value count of jsonShapeGuard does not see a body of `1\n` × 130,000 (one value to it,
 * 130,000 parses here: 91 ms of the server's time per request); the lines are counted first.
 */
function envelopeGuard(): (req: IncomingMessage, res: unknown, body: Buffer) => void {
  const shape = jsonShapeGuard(ADMIN_MAX_VALUES);
  return (req, res, body) => {
    let lines = 1;
    for (let at = body.indexOf(NEWLINE); at !== -1; at = body.indexOf(NEWLINE, at + 1)) {
      lines += 1;
      if (lines > MAX_ENVELOPE_LINES) {
        throw Object.assign(
          new Error(
            `A Sentry envelope holds at most ${MAX_ENVELOPE_ITEMS} items (${MAX_ENVELOPE_LINES} lines)`,
          ),
          { status: 400, type: 'entity.too.wide' },
        );
      }
    }
    shape(req, res, body);
  };
}

/** One parsed envelope: its header and items (payloads parsed when they are JSON). */
interface SentryEnvelope {
  header: unknown;
  items: { header: unknown; payload: unknown }[];
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return line;
  }
}

/** Parses the envelope format: a header line, then item-header / payload line pairs. */
function parseEnvelope(text: string): SentryEnvelope {
  const [first = '', ...rest] = text.split('\n').filter((line) => line.trim() !== '');
  const items: SentryEnvelope['items'] = [];
  for (let i = 0; i < rest.length; i += 2) {
    items.push({ header: parseLine(rest[i] ?? ''), payload: parseLine(rest[i + 1] ?? '') });
  }
  return { header: parseLine(first), items };
}

/** The content type of a Sentry envelope. */
export const SENTRY_ENVELOPE_TYPE = 'application/x-sentry-envelope';

export function sentryRouter(): Router {
  const router = Router();
  router.post(
    '/api/:projectId/envelope',
    (req: Request, res: Response, next) => {
      if (req.is(SENTRY_ENVELOPE_TYPE)) return next();
      res.status(415).json({ code: 415, message: `Sentry envelopes are ${SENTRY_ENVELOPE_TYPE}` });
    },
    // Only a world that exists records reports: the sink never makes one (DESIGN.md §6), and a
    // report for no world is refused before its body is read.
    (_req: Request, res: Response, next) => {
      if (existingWorldOf(res)) return next();
      const message = `No world ${worldIdOf(res)} on this server: a world starts with a phone's handshake or an admin call`;
      res.status(404).json({ code: 404, message });
    },
    express.text({
      type: SENTRY_ENVELOPE_TYPE,
      limit: SENTRY_BODY_LIMIT,
      verify: envelopeGuard(),
    }),
    (req: Request, res: Response) => {
      const started = Date.now();
      const text = typeof req.body === 'string' ? req.body : '';
      const envelope = parseEnvelope(text);
      const eventId = (envelope.header as { event_id?: unknown } | null)?.event_id ?? null;
      existingWorldOf(res)?.log.add({
        at: new Date(started).toISOString(),
        host: 'sentry',
        path: `api/${req.params.projectId}/envelope`,
        encrypted: false,
        request: {
          headers: { 'content-type': req.get('content-type') ?? '' },
          data: envelope,
          userBaseInfo: null,
        },
        response: { code: 200, message: 'recorded', data: { id: eventId } },
        status: 200,
        ms: Date.now() - started,
      });
      res.json({ id: eventId });
    },
  );
  return router;
}
