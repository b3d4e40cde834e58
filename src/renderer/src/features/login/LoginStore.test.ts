import { describe, expect, it } from 'vitest';
import { ENTER_MOBILE_FIRST, INVALID_PHONE_OR_CODE } from '@renderer/rules/loginValidation';
import { memoryStorage, StorageKey } from '@renderer/lib/storage';
import { fakeTransport, ok, testBorrower } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { loginFeature } from './LoginStore';

const user = testBorrower({ tokenValue: 'tv-1', state: 1 });

function loginRoot(start = '/login', answers: Parameters<typeof fakeTransport>[0] = {}) {
  const transport = fakeTransport({
    getSmsCodeWithLogin: ok(null),
    channelGetSmsCode: ok(null),
    login: ok(user),
    channelUserLogin: ok(user),
    userInfo: ok(user),
    unread: ok([]),
    ...answers,
  });
  const session = memoryStorage();
  return { ...createTestRoot({ transport, start, session }), transport, session };
}

describe('Get Code (PRODUCT.md §4, §5)', () => {
  it('asks for the number first when the phone is empty', () => {
    const { root, ui, transport } = loginRoot();
    root.feature(loginFeature).requestCode();
    expect(ui.shown).toEqual([ENTER_MOBILE_FIRST]);
    expect(transport.calls).toEqual([]);
  });

  it('is disabled until the phone matches its pattern', () => {
    const { root } = loginRoot();
    root.feature(loginFeature).form.setAreaCode('63');
    root.feature(loginFeature).form.setPhone('917123456');
    expect(root.feature(loginFeature).form.canGetCode).toBe(false);
    root.feature(loginFeature).form.setPhone('9171234567');
    expect(root.feature(loginFeature).form.canGetCode).toBe(true);
  });

  it('sends, then counts down 180 s shown as "Resend in Ns", then is idle again', async () => {
    const { root, clock, transport } = loginRoot();
    root.feature(loginFeature).form.setAreaCode('63');
    root.feature(loginFeature).form.setPhone('9171234567');
    await root.feature(loginFeature).sendCode();
    expect(transport.calls[0]).toMatchObject({
      name: 'getSmsCodeWithLogin',
      data: { areaCode: '63', msisdn: '9171234567' },
      hk: false,
    });
    expect(root.feature(loginFeature).form.smsState).toBe('countdown');
    expect(root.feature(loginFeature).form.secondsLeft).toBe(180);
    clock.advance(60_000);
    expect(root.feature(loginFeature).form.secondsLeft).toBe(120);
    expect(root.feature(loginFeature).form.canGetCode).toBe(false);
    clock.advance(120_000);
    expect(root.feature(loginFeature).form.smsState).toBe('idle');
  });

  it('keeps the countdown across a reload through session storage', async () => {
    const first = loginRoot();
    first.root.feature(loginFeature).form.setAreaCode('63');
    first.root.feature(loginFeature).form.setPhone('9171234567');
    await first.root.feature(loginFeature).sendCode();
    expect(first.session.getItem(StorageKey.smsCountdown)).not.toBeNull();
    const reloaded = createTestRoot({ session: first.session });
    expect(reloaded.root.feature(loginFeature).form.smsState).toBe('countdown');
    expect(reloaded.root.feature(loginFeature).form.secondsLeft).toBeGreaterThan(0);
  });

  it('goes back to idle when the server refuses', async () => {
    const { root } = loginRoot('/login', {
      getSmsCodeWithLogin: { code: 9000011, message: 'Bad phone', data: null },
    });
    root.feature(loginFeature).form.setAreaCode('63');
    root.feature(loginFeature).form.setPhone('9171234567');
    await root.feature(loginFeature).sendCode();
    expect(root.feature(loginFeature).form.smsState).toBe('idle');
  });

  it('uses the hk host for 852 and the channel API under invite_friend', async () => {
    const hk = loginRoot();
    hk.root.feature(loginFeature).form.setAreaCode('852');
    hk.root.feature(loginFeature).form.setPhone('51234567');
    await hk.root.feature(loginFeature).sendCode();
    expect(hk.transport.calls[0]).toMatchObject({ name: 'getSmsCodeWithLogin', hk: true });
    const invite = loginRoot('/login?from=invite_friend');
    invite.root.feature(loginFeature).form.setAreaCode('63');
    invite.root.feature(loginFeature).form.setPhone('9171234567');
    await invite.root.feature(loginFeature).sendCode();
    expect(invite.transport.calls[0]?.name).toBe('channelGetSmsCode');
  });

  it('opens the puzzle first in the puzzle variant and sends once it is solved', async () => {
    const transport = fakeTransport({ getSmsCodeWithLogin: ok(null) });
    const { root } = createTestRoot({ transport, config: { puzzleCheck: true } });
    root.feature(loginFeature).form.setAreaCode('63');
    root.feature(loginFeature).form.setPhone('9171234567');
    root.feature(loginFeature).requestCode();
    expect(root.feature(loginFeature).puzzleOpen).toBe(true);
    expect(transport.calls).toEqual([]);
    root.feature(loginFeature).puzzleSolved();
    await Promise.resolve();
    expect(transport.calls.map((c) => c.name)).toEqual(['getSmsCodeWithLogin']);
  });
});

describe('LOGIN (PRODUCT.md §2, §5, §8)', () => {
  it('does nothing with an empty phone or code', async () => {
    const { root, transport } = loginRoot();
    root.feature(loginFeature).form.setPhone('9171234567');
    await root.feature(loginFeature).login();
    expect(transport.calls).toEqual([]);
  });

  it('toasts for a phone failing its pattern', async () => {
    const { root, ui, transport } = loginRoot();
    root.feature(loginFeature).form.setAreaCode('63');
    root.feature(loginFeature).form.setPhone('91712');
    root.feature(loginFeature).form.setCode('1234');
    await root.feature(loginFeature).login();
    expect(ui.shown).toEqual([INVALID_PHONE_OR_CODE]);
    expect(transport.calls).toEqual([]);
  });

  it('stores the user and goes to / (or back where a deep link came from)', async () => {
    const plain = loginRoot();
    plain.root.feature(loginFeature).form.setAreaCode('63');
    plain.root.feature(loginFeature).form.setPhone('9171234567');
    plain.root.feature(loginFeature).form.setCode('1234');
    await plain.root.feature(loginFeature).login();
    expect(plain.root.user.tokenValue).toBe('tv-1');
    expect(plain.navigation.visited).toEqual(['/']);

    const deep = loginRoot('/login?redirect=%2Fbill%3Ftype%3D2');
    deep.root.feature(loginFeature).form.setAreaCode('63');
    deep.root.feature(loginFeature).form.setPhone('9171234567');
    deep.root.feature(loginFeature).form.setCode('1234');
    await deep.root.feature(loginFeature).login();
    expect(deep.navigation.visited).toEqual(['/bill?type=2']);
  });

  it('never redirects off the app', async () => {
    const { root, navigation } = loginRoot('/login?redirect=%2F%2Fevil.example');
    root.feature(loginFeature).form.setAreaCode('63');
    root.feature(loginFeature).form.setPhone('9171234567');
    root.feature(loginFeature).form.setCode('1234');
    await root.feature(loginFeature).login();
    expect(navigation.visited).toEqual(['/']);
  });

  it('invite_friend: goes to /channel/admin with token, from and back', async () => {
    const { root, navigation, transport } = loginRoot('/login?from=invite_friend');
    root.feature(loginFeature).form.setAreaCode('63');
    root.feature(loginFeature).form.setPhone('9171234567');
    root.feature(loginFeature).form.setCode('1234');
    await root.feature(loginFeature).login();
    expect(transport.calls[0]?.name).toBe('channelUserLogin');
    expect(navigation.visited).toEqual(['/channel/admin?token=tv-1&from=invite_friend&back=login']);
  });

  it('invite_friend with a message other than "success": shows it 600 ms first', async () => {
    const { root, navigation, ui, clock } = loginRoot('/login?from=invite_friend', {
      channelUserLogin: ok(user, 'Welcome back, partner'),
    });
    root.feature(loginFeature).form.setAreaCode('63');
    root.feature(loginFeature).form.setPhone('9171234567');
    root.feature(loginFeature).form.setCode('1234');
    await root.feature(loginFeature).login();
    expect(ui.shown).toEqual(['Welcome back, partner']);
    clock.advance(599);
    expect(navigation.visited).toEqual([]);
    clock.advance(1);
    expect(navigation.visited).toHaveLength(1);
  });

  it('stays on the page when the code is wrong (the server message is notified)', async () => {
    const { root, navigation, ui } = loginRoot('/login', {
      login: { code: 9000010, message: 'Wrong verification code', data: null },
    });
    root.feature(loginFeature).form.setAreaCode('63');
    root.feature(loginFeature).form.setPhone('9171234567');
    root.feature(loginFeature).form.setCode('9999');
    await root.feature(loginFeature).login();
    expect(root.user.isLoggedIn).toBe(false);
    expect(navigation.visited).toEqual([]);
    expect(ui.shown).toEqual(['Wrong verification code']);
  });
});
