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
  /** The server's own origin (e.g. http://127.0.0.1:4010), known once it listens. */
  origin: string;
}
