/** What the routers share: the server crypto, the worlds, and who may call. */
import type { ServerCrypto } from '../crypto/serverCrypto';
import type { Recordings } from '../recording/recordings';
import type { UpstreamTable } from '../upstream/upstreamTable';
import type { WorldTable } from '../worlds';

export interface MockContext {
  crypto: ServerCrypto;
  /** Scenario state, faults and traffic log per world (DESIGN.md §6). */
  worlds: WorldTable;
  /** Required on every `/__admin/*` call (`x-admin-token`). */
  adminToken: string;
  /** Origins that get CORS: the server's own once it listens, the configured ones, the simulator. */
  allowedOrigins: Set<string>;
  /** Host names besides loopback that may be used to reach the server (`--host`). */
  extraHosts: string[];
  /** The origin the server is reached at (e.g. http://127.0.0.1:4010), known once it listens. */
  origin: string;
  /** Which worlds relay to an upstream (mock-server/upstream). */
  upstreams: UpstreamTable;
  /** Recordings in progress per world, and the saved ones (mock-server/recording). */
  recordings: Recordings;
  /** The origin answers' fixture pictures are made absolute against (default: `origin`). */
  mediaOrigin: string;
}
