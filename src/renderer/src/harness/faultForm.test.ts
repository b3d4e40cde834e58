import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, faultDetail, faultSpecOf } from './WorkbenchPanel';

describe('the fault lab form', () => {
  it('arms a server error by default, not a session code that ends the native session', () => {
    expect(faultSpecOf(EMPTY_FORM)).toEqual({ kind: 'code', path: '*', code: 500, times: 1 });
  });

  it('gives a refused handshake a message and no product code, and lists it by its message', () => {
    const spec = faultSpecOf({
      ...EMPTY_FORM,
      kind: 'handshake-refused',
      code: '1001',
      message: 'Maintenance',
    });
    expect(spec).toEqual({
      kind: 'handshake-refused',
      path: '*',
      message: 'Maintenance',
      times: 1,
    });
    expect(faultDetail({ kind: 'handshake-refused', message: 'Maintenance' })).toBe(
      '“Maintenance”',
    );
    expect(faultDetail({ kind: 'handshake-refused', code: 1001 })).toBe('(default message)');
    expect(faultDetail({ kind: 'code', code: 9000017, delayMs: 300 })).toBe('9000017 after 300 ms');
  });
});
