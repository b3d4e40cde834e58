/** Test doubles for the host core (used by host, main and harness tests). */
import type { HostAction } from '../shared/simWorld';
import type { AdminClient, ProductAnswerOf, ScenarioList, TrafficEntry } from './adminClient';

/** An in-memory admin API that records what the host asked for. */
export class FakeAdminClient implements AdminClient {
  current = 'can-borrow';
  readonly names = ['new-user', 'can-borrow', 'repaying', 'session-expired'];
  tokensIssued = 0;
  readonly requests: string[] = [];
  traffic: TrafficEntry[] = [];
  failWith: Error | null = null;
  /** What the backend answers a host action (default: ok, with an order number for loanApply). */
  hostAnswer: ProductAnswerOf | null = null;
  readonly hostActions: { method: HostAction; token: string; params: object }[] = [];

  private check(what: string): void {
    this.requests.push(what);
    if (this.failWith) throw this.failWith;
  }
  async scenarios(): Promise<ScenarioList> {
    this.check('scenarios');
    return {
      current: this.current,
      scenarios: this.names.map((name) => ({ name, title: name, description: '' })),
    };
  }
  async selectScenario(name: string): Promise<void> {
    this.check(`scenario ${name}`);
    if (!this.names.includes(name)) throw new Error(`Unknown scenario ${name}`);
    this.current = name;
  }
  async reset(): Promise<void> {
    this.check('reset');
  }
  async log(limit: number): Promise<TrafficEntry[]> {
    this.check(`log ${limit}`);
    return this.traffic.slice(-limit);
  }
  async sessionToken(msisdn?: string): Promise<string> {
    this.check(`session-token ${msisdn ?? ''}`);
    this.tokensIssued += 1;
    return `token-${this.current}-${msisdn ?? 'default'}-${this.tokensIssued}`;
  }
  async hostAction(method: HostAction, token: string, params: object): Promise<ProductAnswerOf> {
    this.check(`host ${method}`);
    this.hostActions.push({ method, token, params });
    const orderNo = `DL${String(this.hostActions.length).padStart(6, '0')}`;
    return (
      this.hostAnswer ?? {
        code: 200,
        message: 'success',
        data: method === 'loanApply' ? { orderNo } : null,
      }
    );
  }
}
