/**
 * What each route's body can be (DESIGN.md §5, §6): bodies over a route's size limit are refused
 * with 413 from their Content-Length before a byte is read (or as soon as a chunked body passes
 * it), and bodies with more values than the route can use with 400 before they are parsed. API
 * envelopes are small; only `kyc/save` carries a document chunk (MAX_CIPHERTEXT_B64); the admin
 * API takes more, a world snapshot most.
 */
import type { RequestHandler } from 'express';
import express from 'express';
import { MAX_CIPHERTEXT_B64 } from '@shared/constants';
import { SNAPSHOT_BODY_LIMIT } from '@shared/workbench';
import { jsonShapeGuard } from './jsonDepth';

/** An API request: an envelope `{v, sid, dev, type, body}` or a plain `{data, userBaseInfo}`. */
export const API_BODY_LIMIT = 64 * 1024;
/** `kyc/save`: one document chunk of at most MAX_CIPHERTEXT_B64 characters, and its envelope. */
const DOCUMENT_BODY_LIMIT = MAX_CIPHERTEXT_B64 + 8 * 1024;
/** API paths whose body may carry a document chunk. */
const DOCUMENT_PATHS: ReadonlySet<string> = new Set(['kyc/save']);
/** Admin writes (a scenario, a fault with its answer data, a host action). */
const ADMIN_BODY_LIMIT = 256 * 1024;
/** A Sentry envelope from the SPA's reporter. */
export const SENTRY_BODY_LIMIT = 256 * 1024;

/** Values an API body may hold: an envelope has 6, a plain call's request a few dozen. */
export const API_MAX_VALUES = 2_000;
/** Values of an admin write. */
export const ADMIN_MAX_VALUES = 20_000;
/** Values of a world snapshot: 500 log entries and a scenario's whole state. */
const SNAPSHOT_MAX_VALUES = 400_000;

/** Bytes of a limit written as express writes it (`8mb`, `256kb`) or a number. */
export function limitBytes(limit: number | string): number {
  if (typeof limit === 'number') return limit;
  const match = /^(\d+)(kb|mb)?$/i.exec(limit.trim());
  if (!match) throw new Error(`Not a body limit: ${limit}`);
  const unit = match[2]?.toLowerCase();
  return Number(match[1]) * (unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1);
}

/**
 * A JSON parser within `limit`. A Content-Length over it is answered at once (body-parser would
 * first read the whole body to throw it away, however slowly it came); Node then discards what
 * still arrives, and the connection guard evicts a sender too slow about it.
 */
function json(limit: number | string, maxValues: number): RequestHandler {
  const max = limitBytes(limit);
  const parse = express.json({ limit: max, strict: false, verify: jsonShapeGuard(maxValues) });
  return (req, res, next) => {
    const announced = Number(req.get('content-length') ?? 0);
    if (announced > max) {
      res
        .status(413)
        .json({ code: 413, message: `Request body exceeds ${max} bytes, this route's limit` });
      return;
    }
    parse(req, res, next);
  };
}

/** The JSON parser of an API host: its limit follows the path (mounted at `/{host}`). */
export function apiJson(): RequestHandler {
  const envelope = json(API_BODY_LIMIT, API_MAX_VALUES);
  const document = json(DOCUMENT_BODY_LIMIT, API_MAX_VALUES);
  return (req, res, next) =>
    (DOCUMENT_PATHS.has(req.path.replace(/^\/+/, '')) ? document : envelope)(req, res, next);
}

/** The JSON parser of admin writes. */
export const adminJson = (): RequestHandler => json(ADMIN_BODY_LIMIT, ADMIN_MAX_VALUES);

/** The JSON parser of a world snapshot. */
export const snapshotJson = (): RequestHandler => json(SNAPSHOT_BODY_LIMIT, SNAPSHOT_MAX_VALUES);
