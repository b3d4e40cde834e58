import { describe, expect, it } from 'vitest';
import { isHarnessOriginFor, RELAY_CHANNEL, readFromRelay, readToRelay } from './phoneRelay';

const harness = 'http://127.0.0.1:5173';
const phone = 'http://w-abc-lender.localhost:5173';
const parentWindow = { name: 'harness' };
const relayWindow = { name: 'relay' };

describe('phone relay messages', () => {
  it('reads a well-formed message from the expected origin and window only', () => {
    const data = { channel: RELAY_CHANNEL, type: 'online', online: false };
    const expected = { origin: harness, source: parentWindow };
    expect(readToRelay({ origin: harness, source: parentWindow, data }, expected)).toEqual(data);
    // Another origin, another window of the right origin: ignored.
    expect(
      readToRelay({ origin: 'http://evil.localhost:5173', source: parentWindow, data }, expected),
    ).toBeNull();
    expect(readToRelay({ origin: harness, source: { name: 'other' }, data }, expected)).toBeNull();
  });

  it('refuses malformed payloads both ways', () => {
    const fromHarness = { origin: harness, source: parentWindow };
    for (const data of [
      null,
      'open',
      { type: 'online', online: false },
      { channel: RELAY_CHANNEL, type: 'online', online: 'yes' },
      {
        channel: RELAY_CHANNEL,
        type: 'open',
        world: 'w',
        path: 'https://evil.example/',
        bridge: true,
      },
      { channel: RELAY_CHANNEL, type: 'admin-token', token: 'x' },
    ]) {
      expect(readToRelay({ ...fromHarness, data }, fromHarness)).toBeNull();
    }
    const fromRelay = { origin: phone, source: relayWindow };
    expect(
      readFromRelay(
        { ...fromRelay, data: { channel: RELAY_CHANNEL, type: 'call', id: 1.5, method: 'x' } },
        fromRelay,
      ),
    ).toBeNull();
    expect(
      readFromRelay(
        { ...fromRelay, data: { channel: RELAY_CHANNEL, type: 'path', path: '//evil.example' } },
        fromRelay,
      ),
    ).toBeNull();
  });

  it('lets only the harness on the relay port drive the relay', () => {
    expect(isHarnessOriginFor('http://127.0.0.1:5173', phone)).toBe(true);
    expect(isHarnessOriginFor('http://localhost:5173', phone)).toBe(true);
    expect(isHarnessOriginFor('http://127.0.0.1:5174', phone)).toBe(false);
    expect(isHarnessOriginFor('https://evil.example', phone)).toBe(false);
    expect(isHarnessOriginFor('http://127.0.0.1:5173/x', phone)).toBe(false);
    expect(isHarnessOriginFor('null', phone)).toBe(false);
    // Each arrangement's phone answers only its own harness (src/shared/phoneOrigin.ts).
    expect(isHarnessOriginFor('http://harness.localhost:5173', phone)).toBe(false);
    const sameSitePhone = 'http://w-abc-lender.harness.localhost:5173';
    expect(isHarnessOriginFor('http://harness.localhost:5173', sameSitePhone)).toBe(true);
    expect(isHarnessOriginFor('http://127.0.0.1:5173', sameSitePhone)).toBe(false);
    expect(isHarnessOriginFor('http://harness.localhost:5174', sameSitePhone)).toBe(false);
  });
});
