/** What the routers share: the domain, the server crypto, the traffic log and the fault table. */
import type { MockDomain } from '../domain/types';
import type { ServerCrypto } from '../crypto/serverCrypto';
import type { FaultTable } from './faults';
import type { TrafficLog } from './trafficLog';

export interface MockContext {
  domain: MockDomain;
  crypto: ServerCrypto;
  log: TrafficLog;
  faults: FaultTable;
}
