/**
 * A local Sentry sink: `POST /sentry/api/:projectId/envelope/` accepts Sentry envelopes
 * (newline-delimited JSON, sent as text/plain by the browser SDK) and records them in the traffic
 * log with host `sentry`, so a DSN `http://public@127.0.0.1:<port>/sentry/1` works offline.
 */
import express, { type Request, type Response, Router } from 'express';
import type { MockContext } from './context';

/** One parsed envelope: its header and items (payloads parsed when they are JSON). */
export interface SentryEnvelope {
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
export function parseEnvelope(text: string): SentryEnvelope {
  const [first = '', ...rest] = text.split('\n').filter((line) => line.trim() !== '');
  const items: SentryEnvelope['items'] = [];
  for (let i = 0; i < rest.length; i += 2) {
    items.push({ header: parseLine(rest[i] ?? ''), payload: parseLine(rest[i + 1] ?? '') });
  }
  return { header: parseLine(first), items };
}

export function sentryRouter(ctx: MockContext): Router {
  const router = Router();
  router.post(
    '/api/:projectId/envelope',
    express.text({ type: () => true, limit: '1mb' }),
    (req: Request, res: Response) => {
      const started = Date.now();
      const text = typeof req.body === 'string' ? req.body : '';
      const envelope = parseEnvelope(text);
      const eventId = (envelope.header as { event_id?: unknown } | null)?.event_id ?? null;
      ctx.log.add({
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
