import { describe, expect, it } from 'vitest';
import { resolveHost } from '@shared/api/endpoints';

// The renderer relies on this routing for every call (DESIGN.md §5); the table pins it.
describe('host routing of paths', () => {
  it.each([
    ['user/userInfo', 'main', 'user/userInfo'],
    ['app/channel/userLogin/v1', 'channel', 'app/channel/userLogin/v1'],
    ['user/getSmsCodeWithLogin?hk', 'hk', 'user/getSmsCodeWithLogin'],
    ['config/getServicePublicKey?hk', 'hk', 'config/getServicePublicKey'],
    ['repay/loanList', 'main', 'repay/loanList'],
  ])('%s → %s %s', (raw, host, path) => {
    expect(resolveHost(raw)).toEqual({ host, path });
  });
});
