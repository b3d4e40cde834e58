/**
 * Test helper: calls a MockDomain the way the HTTP layer does, by endpoint name, and logs in.
 * Used by the domain's tests; handy for route tests too.
 */
import { type EndpointName, endpoints, type ProductAnswer } from '@shared/api/endpoints';
import type { MockDomain } from '../../../mock-server/domain/types';

interface DomainClient {
  /** Calls an endpoint by name with raw data (not validated here: the domain does that). */
  call(name: EndpointName, data?: unknown, token?: string): Promise<ProductAnswer>;
  /** Logs in with the given number and code; returns the token or throws with the answer. */
  login(areaCode: string, msisdn: string, code?: string): Promise<string>;
}

export function domainClient(domain: MockDomain): DomainClient {
  const call: DomainClient['call'] = (name, data = {}, token) => {
    const endpoint = endpoints[name];
    return domain.handle({
      host: endpoint.hosts[0] ?? 'main',
      path: endpoint.path,
      data,
      userBaseInfo: { deviceId: 'test-device-h5', system: 'H5', tokenValue: '', version: '1.0.0' },
      token,
      deviceId: 'test-device-h5',
    });
  };
  return {
    call,
    async login(areaCode, msisdn, code = '1234') {
      const answer = await call('login', { areaCode, msisdn, code });
      const token = (answer.data as { token?: string } | null)?.token;
      if (answer.code !== 200 || !token) throw new Error(`login failed: ${JSON.stringify(answer)}`);
      return token;
    },
  };
}
