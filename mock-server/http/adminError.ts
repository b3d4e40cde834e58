/** Refusals of the admin API, all in its one error body (src/shared/adminError.ts). */
import type { Response } from 'express';
import type { AdminErrorBody } from '@shared/adminError';

export function refuseAdmin(res: Response, status: number, message: string): void {
  const body: AdminErrorBody = { code: status, message };
  res.status(status).json(body);
}
