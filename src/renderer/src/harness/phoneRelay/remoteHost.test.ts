/**
 * The relay's bridge: a call is a message answered by id; the app's listeners of one event are
 * one subscription on the host side, dropped with the last listener or with the app document.
 */
import { describe, expect, it } from 'vitest';
import { type FromRelay, RELAY_CHANNEL } from '@shared/phoneRelay';
import { RemoteHost } from './remoteHost';

function remote() {
  const sent: FromRelay[] = [];
  const host = new RemoteHost((message) => {
    // What postMessage does with what it cannot clone.
    structuredClone(message);
    sent.push(message);
  });
  return { host, sent };
}

describe('the phone relay’s bridge', () => {
  it('answers each call by its id', async () => {
    const { host, sent } = remote();
    const first = host.call('getBaseInfo');
    const second = host.call('toast', { text: 'hi' });
    expect(sent).toEqual([
      { channel: RELAY_CHANNEL, type: 'call', id: 1, method: 'getBaseInfo' },
      { channel: RELAY_CHANNEL, type: 'call', id: 2, method: 'toast', params: { text: 'hi' } },
    ]);
    host.answer(2, { resultCode: 0 });
    host.answer(1, { resultCode: 1 });
    expect(await first).toEqual({ resultCode: 1 });
    expect(await second).toEqual({ resultCode: 0 });
  });

  it('fails a call whose parameters cannot cross, without sending it', async () => {
    const { host, sent } = remote();
    const result = await host.call('toast', { onDone: () => undefined });
    expect(result.resultCode).toBe(3);
    expect(sent).toEqual([]);
  });

  it('subscribes once per event and lets go with the last listener or a new document', () => {
    const { host, sent } = remote();
    const heard: unknown[] = [];
    const stopA = host.onEvent('resume', (payload) => heard.push(['a', payload]));
    const stopB = host.onEvent('resume', (payload) => heard.push(['b', payload]));
    host.onEvent('network', () => undefined);
    host.emit('resume', 1);
    expect(heard).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
    stopA();
    stopB();
    host.reset();
    expect(
      sent.map((m) => (m.type === 'listen' || m.type === 'unlisten' ? [m.type, m.event] : m.type)),
    ).toEqual([
      ['listen', 'resume'],
      ['listen', 'network'],
      ['unlisten', 'resume'],
      ['unlisten', 'network'],
    ]);
  });
});
