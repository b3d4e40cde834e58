/**
 * Redaction of recordings: what a borrower or the upstream would not want written down is
 * replaced by consistent stand-ins, found by field and, once known, anywhere in free text.
 */
import { describe, expect, it } from 'vitest';
import { Redactor } from './redactor';

/** Both passes over some values, as a recording's `finish` runs them. */
function redactAll(values: unknown[]): { out: unknown[]; redactor: Redactor } {
  const redactor = new Redactor();
  for (const value of values) redactor.learn(value);
  return { out: values.map((value) => redactor.redact(value)), redactor };
}

describe('Redactor', () => {
  it('replaces the same secret by the same stand-in everywhere: a login token stays usable', () => {
    const login = {
      tokenValue: 'tk_0123456789abcdef',
      token: 'tk_0123456789abcdef',
      msisdn: '9171234567',
    };
    const next = {
      headers: { token: 'tk_0123456789abcdef', deviceid: 'abc-h5' },
      userBaseInfo: { deviceId: 'abc-h5', tokenValue: 'tk_0123456789abcdef' },
    };
    const other = { tokenValue: 'tk_fedcba9876543210' };
    const { out } = redactAll([login, next, other]);
    expect(out).toEqual([
      { tokenValue: 'redacted-token-1', token: 'redacted-token-1', msisdn: '9000000001' },
      {
        headers: { token: 'redacted-token-1', deviceid: 'device-1-h5' },
        userBaseInfo: { deviceId: 'device-1-h5', tokenValue: 'redacted-token-1' },
      },
      { tokenValue: 'redacted-token-2' },
    ]);
  });

  it('finds a known name or number in free text, even in text seen before the field', () => {
    const message = { content: 'Congratulations, Ms. Santos! Call 09171234567 or +639171234567.' };
    const user = { lastName: 'Santos', msisdn: '9171234567' };
    const { out } = redactAll([message, user]);
    expect(out[0]).toEqual({
      content: 'Congratulations, Ms. Person A! Call 09000000001 or +639000000001.',
    });
    expect(out[1]).toEqual({ lastName: 'Person A', msisdn: '9000000001' });
  });

  it('keeps a name inside another word, and short codes inside other numbers', () => {
    const { out } = redactAll([
      { lastName: 'Chen', code: '1234' },
      { title: 'Kitchen loan', orderNo: 'RP2026112312345', note: 'Chen paid' },
    ]);
    expect(out[0]).toEqual({ lastName: 'Person A', code: 'redacted-token-1' });
    expect(out[1]).toEqual({
      title: 'Kitchen loan',
      orderNo: 'RP2026112312345',
      note: 'Person A paid',
    });
  });

  it('cleans phone numbers and e-mails no field named', () => {
    const { out } = redactAll([
      { message: 'Reach ana@example.com or 0917 123 4567 / 09181234567' },
    ]);
    expect(out[0]).toEqual({
      message: 'Reach person-1@example.invalid or 0917 123 4567 / 09000000001',
    });
  });

  it('redacts KYC items by what they certify', () => {
    const items = [
      { certification: 'firstName', value: 'Maria' },
      { certification: 'homeAddress', value: '12 Rizal St, Manila' },
      { certification: 'alternateMobile', value: '09181112222' },
      { certification: 'birthday', value: '1990-05-17' },
      { certification: 'selfie', value: 'data:image/png;base64,AAAA' },
      { certification: 'education', value: 'College' },
      { certification: 'email', value: 'maria@example.com' },
    ];
    const { out } = redactAll([items]);
    expect(out[0]).toEqual([
      { certification: 'firstName', value: 'Person A' },
      { certification: 'homeAddress', value: 'Address 1, Redacted City' },
      { certification: 'alternateMobile', value: '09000000001' },
      { certification: 'birthday', value: '2000-01-01' },
      { certification: 'selfie', value: 'redacted-file-1' },
      { certification: 'education', value: 'College' },
      { certification: 'email', value: 'person-1@example.invalid' },
    ]);
  });

  it('replaces ID and account numbers, keeping digits digits', () => {
    const { out } = redactAll([
      {
        userId: 'U1000234',
        account: '09171234567',
        payeeLabel: 'GCash 0917****567',
        paymentAccountId: 88812345,
      },
    ]);
    expect(out[0]).toEqual({
      userId: 'ID-0001',
      account: '90000000001',
      payeeLabel: 'ACCOUNT-0002',
      paymentAccountId: 90000002,
    });
  });

  it('makes media URLs local and strips credentials and queries from every URL', () => {
    const { out } = redactAll([
      {
        picUrl: 'http://127.0.0.1:4011/media/ads/popup.svg?sig=secret',
        logo: 'https://cdn.example.com/img/gcash.png?X-Amz-Signature=abc',
        payUrl: 'https://pay.example.com/checkout/RP1?token=secret#frag',
        content: 'See https://user:pw@help.example.com/faq?ref=sms.',
      },
    ]);
    expect(out[0]).toEqual({
      picUrl: '/media/ads/popup.svg',
      logo: '/media/recorded/gcash.png',
      payUrl: 'https://pay.example.com/checkout/RP1',
      content: 'See https://help.example.com/faq.',
    });
  });

  it('counts what it replaced, by kind, without the values', () => {
    const { redactor } = redactAll([
      { msisdn: '9171234567', lastName: 'Santos', token: 'tk_0123456789abcdef' },
    ]);
    expect(redactor.summary()).toEqual({ name: 1, phone: 1, token: 1 });
  });
});
