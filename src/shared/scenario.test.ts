import { describe, expect, it } from 'vitest';
import { scenarioFileSchema, scenarioUserSchema } from './scenario';

const user = {
  msisdn: '9171234567',
  areaCode: '63',
  userId: 'U1',
  gender: 'Female',
  lastName: 'Santos',
  kycState: 5,
};

describe('scenario schema', () => {
  it('defaults the SMS code to 1234', () => {
    expect(scenarioUserSchema.parse(user).smsCode).toBe('1234');
    expect(scenarioUserSchema.parse({ ...user, smsCode: '5678' }).smsCode).toBe('5678');
  });

  it('refuses numbers with a leading 0, unknown area codes and KYC states', () => {
    expect(scenarioUserSchema.safeParse({ ...user, msisdn: '09171234567' }).success).toBe(false);
    expect(scenarioUserSchema.safeParse({ ...user, areaCode: '1' }).success).toBe(false);
    expect(scenarioUserSchema.safeParse({ ...user, kycState: 8 }).success).toBe(false);
  });

  it('lets a file that extends another give only what differs, and nothing unknown', () => {
    const child = {
      name: 'low-credit',
      title: 'Low',
      description: 'Low credit',
      extends: 'can-borrow',
    };
    expect(scenarioFileSchema.safeParse({ ...child, users: [user] }).success).toBe(true);
    expect(scenarioFileSchema.safeParse({ ...child, extra: true }).success).toBe(false);
    expect(scenarioFileSchema.safeParse({ ...child, name: 'Low Credit' }).success).toBe(false);
    const { extends: _, ...root } = child;
    expect(scenarioFileSchema.safeParse(root).success).toBe(false);
  });
});
