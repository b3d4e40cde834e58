/**
 * CORS for development origins: localhost / 127.0.0.1 / [::1] on any port (Vite, the harness) and
 * the Electron simulator's app:// scheme. Production serves app and API from one origin.
 */
import type { RequestHandler } from 'express';

const DEV_ORIGIN = /^(https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?|app:\/\/[\w.-]+)$/;

export const ALLOWED_HEADERS = 'token, deviceId, crypt, Content-Type, sentry-trace, baggage';

export function devCors(): RequestHandler {
  return (req, res, next) => {
    const origin = req.get('origin');
    if (origin && DEV_ORIGIN.test(origin)) {
      res.set('Access-Control-Allow-Origin', origin);
      res.set('Vary', 'Origin');
      res.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.set('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
      res.set('Access-Control-Max-Age', '600');
    }
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next();
  };
}
