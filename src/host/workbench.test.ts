import { describe, expect, it } from 'vitest';
import { HostCore } from './HostCore';
import { parseReproBundle, type ReproBundle } from './reproBundle';
import { FakeAdminClient, FakeWorkbenchClient } from '@tests/support/host/fakeAdminClient';
import { type PhoneAccess, Workbench, workbenchCallSchema } from './workbench';

const DAY = 86_400_000;

class FakePhone implements PhoneAccess {
  current = '/bill';
  storage: Record<string, Record<string, string>> = { lender: { 'dl.user': '{"token":"T1"}' } };
  opened: string[] = [];
  constructor(private readonly host: HostCore) {}
  path() {
    return this.current;
  }
  async readStorage() {
    return { ...this.storage[this.host.getSnapshot().settings.profile] };
  }
  async writeStorage(profile: string, entries: Record<string, string>) {
    this.storage[profile] = { ...entries };
  }
  open(path: string) {
    this.opened.push(path);
    this.current = path;
  }
}

function setup() {
  const admin = new FakeAdminClient();
  const client = new FakeWorkbenchClient();
  const host = new HostCore({ admin });
  const phone = new FakePhone(host);
  const workbench = new Workbench(host, client, phone, 'harness');
  return { admin, client, host, phone, workbench };
}

describe('workbench', () => {
  it('moves the phone clock with the world clock: jump, freeze, real time', async () => {
    const { host, workbench } = setup();
    await workbench.start();
    expect(host.getSnapshot().clock).toBeNull();
    const christmas = Date.UTC(2025, 11, 24, 2);
    const frozen = await workbench.run({
      op: 'setClock',
      command: { at: christmas, running: false },
    });
    expect(frozen).toMatchObject({ ok: true, value: { now: christmas, running: false } });
    expect(host.getSnapshot().clock).toMatchObject({ frozenAt: christmas });
    await workbench.run({ op: 'setClock', command: { advanceMs: DAY, running: true } });
    const moved = host.getSnapshot().clock;
    expect(moved?.frozenAt).toBeNull();
    expect(Math.abs((moved?.offsetMs ?? 0) - (christmas + DAY - Date.now()))).toBeLessThan(5_000);
    await workbench.run({ op: 'resetClock' });
    expect(host.getSnapshot().clock).toBeNull();
  });

  it('arms, lists and clears faults; a failing server comes back as an error, never a throw', async () => {
    const { client, workbench } = setup();
    const armed = await workbench.run({
      op: 'addFault',
      spec: { kind: 'code', path: 'user/userInfo', code: 9000004, message: 'Kicked', times: 1 },
    });
    expect(armed).toMatchObject({ ok: true, value: { id: 'f1', remaining: 1 } });
    expect(await workbench.run({ op: 'faults' })).toMatchObject({
      ok: true,
      value: [{ id: 'f1' }],
    });
    expect(await workbench.run({ op: 'clearFaults' })).toEqual({ ok: true, value: 1 });
    client.failWith = new Error('Mock server admin GET /__admin/faults answered 401');
    expect(await workbench.run({ op: 'faults' })).toEqual({
      ok: false,
      error: 'Mock server admin GET /__admin/faults answered 401',
    });
  });

  it('refuses malformed calls at the boundary', () => {
    expect(
      workbenchCallSchema.safeParse({ op: 'addFault', spec: { kind: 'nope', path: '*' } }).success,
    ).toBe(false);
    expect(workbenchCallSchema.safeParse({ op: 'setClock', command: { at: 'soon' } }).success).toBe(
      false,
    );
    expect(workbenchCallSchema.safeParse({ op: 'shell', cmd: 'rm' }).success).toBe(false);
  });

  it('exports a bundle another phone imports into the same state', async () => {
    const first = setup();
    await first.host.start();
    await first.host.updateSettings({ device: 'iphone', version: '2.7.0' });
    await first.host.call('getBaseInfo');
    await first.workbench.run({
      op: 'setClock',
      command: { at: Date.UTC(2025, 11, 24), running: false },
    });
    await first.workbench.run({ op: 'addFault', spec: { kind: 'corrupt', path: 'loan/loanInfo' } });
    const exported = await first.workbench.run({ op: 'exportBundle' });
    if (!exported.ok) throw new Error(exported.error);
    const text = JSON.stringify(exported.value);
    const bundle: ReproBundle = parseReproBundle(text);
    expect(bundle).toMatchObject({
      format: 'direct-loan-repro',
      runtime: 'harness',
      path: '/bill',
      appStorage: { 'dl.user': '{"token":"T1"}' },
      settings: { device: 'iphone', version: '2.7.0', profile: 'lender' },
      world: { scenario: 'can-borrow', faults: [{ kind: 'corrupt' }] },
      calls: [{ method: 'getBaseInfo', result: { resultCode: 0 } }],
    });

    const second = setup();
    second.phone.storage = {};
    second.client.scenario = 'new-user';
    await second.host.start();
    const generation = second.host.getSnapshot().appGeneration;
    const imported = await second.workbench.run({ op: 'importBundle', bundle });
    expect(imported).toEqual({ ok: true, value: { path: '/bill' } });
    const after = second.host.getSnapshot();
    expect(second.client.restored).toHaveLength(1);
    expect(after.scenario).toBe('can-borrow');
    expect(after.settings).toMatchObject({ device: 'iphone', version: '2.7.0' });
    expect(after.calls.map((c) => c.method)).toEqual(['getBaseInfo']);
    expect(after.clock).toEqual({ offsetMs: expect.any(Number), frozenAt: Date.UTC(2025, 11, 24) });
    expect(after.appGeneration).toBe(generation + 1);
    expect(after.tokenValue).not.toBe('');
    expect(second.phone.storage.lender).toEqual({ 'dl.user': '{"token":"T1"}' });
    expect(second.phone.opened).toEqual(['/bill']);
  });

  it('says what is wrong with a file that is not a bundle, and a failed restore keeps the phone', async () => {
    expect(() => parseReproBundle('{')).toThrow('Not a repro bundle: the file is not JSON');
    expect(() => parseReproBundle('{"format":"direct-loan-repro","version":2}')).toThrow(
      /Not a repro bundle at version/,
    );
    // A bundle is a file from someone else: its route must be a path of the app.
    const valid = await (async () => {
      const { host, workbench } = setup();
      await host.start();
      const exported = await workbench.run({ op: 'exportBundle' });
      if (!exported.ok) throw new Error(exported.error);
      return exported.value;
    })();
    for (const path of ['/javascript:parent.sessionStorage', '/http://evil.example/', '/\\x']) {
      expect(() => parseReproBundle(JSON.stringify({ ...valid, path }))).toThrow(
        /Not a repro bundle at path: not a path of the app/,
      );
      expect(
        workbenchCallSchema.safeParse({ op: 'importBundle', bundle: { ...valid, path } }).success,
      ).toBe(false);
    }
    const { client, host, phone, workbench } = setup();
    await host.start();
    const exported = await workbench.run({ op: 'exportBundle' });
    if (!exported.ok) throw new Error(exported.error);
    client.failWith = new Error('Mock server admin PUT answered 400: bad state');
    const before = host.getSnapshot().appGeneration;
    const result = await workbench.run({ op: 'importBundle', bundle: exported.value });
    expect(result).toEqual({ ok: false, error: 'Mock server admin PUT answered 400: bad state' });
    expect(host.getSnapshot().appGeneration).toBe(before);
    expect(phone.opened).toEqual([]);
    // The page is answered again after the failed replacement.
    expect((await host.call('getBaseInfo', undefined, { appGeneration: before })).resultCode).toBe(
      0,
    );
  });

  it('sets the world’s upstream, records it and exports the recording, through the client', async () => {
    const { client, workbench } = setup();
    const set = await workbench.run({ op: 'setUpstream', url: 'http://127.0.0.1:4011' });
    expect(set).toMatchObject({
      ok: true,
      value: { state: 'ready', url: 'http://127.0.0.1:4011' },
    });
    await workbench.run({ op: 'startRecording', start: { name: 'staging-bill' } });
    const stopped = await workbench.run({ op: 'stopRecording' });
    expect(stopped).toMatchObject({ ok: true, value: { name: 'staging-bill' } });
    const listed = await workbench.run({ op: 'recordings' });
    expect(listed).toMatchObject({
      ok: true,
      value: { active: null, recordings: [{ name: 'staging-bill' }] },
    });
    expect(await workbench.run({ op: 'exportRecording', name: 'staging-bill' })).toEqual({
      ok: true,
      value: 'fixtures/recordings/staging-bill.json',
    });
    await workbench.run({ op: 'clearUpstream' });
    expect(client.requests).toEqual([
      'set-upstream http://127.0.0.1:4011',
      'start-recording staging-bill',
      'stop-recording',
      'recordings',
      'export-recording staging-bill',
      'clear-upstream',
    ]);
    client.failWith = new Error('Mock server admin PUT /__admin/upstream answered 400: no');
    expect(await workbench.run({ op: 'setUpstream', url: 'x' })).toEqual({
      ok: false,
      error: 'Mock server admin PUT /__admin/upstream answered 400: no',
    });
  });

  it('refuses a recording name or an upstream call that is not one at the boundary', () => {
    expect(
      workbenchCallSchema.safeParse({ op: 'startRecording', start: { name: 'Not Kebab' } }).success,
    ).toBe(false);
    expect(workbenchCallSchema.safeParse({ op: 'setUpstream', url: '' }).success).toBe(false);
    expect(workbenchCallSchema.safeParse({ op: 'exportRecording', name: '../x' }).success).toBe(
      false,
    );
    expect(workbenchCallSchema.safeParse({ op: 'contractReport' }).success).toBe(true);
  });
});
