/**
 * Every product call goes through here: the error catalogue of PRODUCT.md §8 and DESIGN.md §5
 * is applied once, so features only look at `code` and `data`.
 */
import type { EndpointName, ProductAnswer, RequestOf, ResponseOf } from '@shared/api/endpoints';
import { isSessionCode, isSilentCode, OK, SESSION_KICKED_WITH_TIP } from '@shared/codes';
import { NOTIFICATION_MS } from '@shared/constants';
import { missingCaseError } from '@shared/missingCaseError';
import type { ErrorReporter } from '@renderer/errors/reporter';
import type { ApiCallError, ApiTransport, CallOptions } from './api';
import { toApiCallError } from './api';
import type { EventBus } from './events';
import type { UiService } from './ui';

export const SECURE_CONNECTION_TEXT =
  'There is a problem with the secure connection and the page needs to be refreshed';
export const TIMEOUT_TEXT = 'The request timed out. Please check your network and try again.';
const OFFLINE_TEXT = 'Your network is disconnected';
const SERVER_ERROR_TEXT = 'The server did not answer properly. Please try again.';

/** What the catalogue needs from the session (kept narrow so ApiService tests stay small). */
export interface SessionHooks {
  isLoggedIn(): boolean;
  /**
   * The session a call belongs to (its scope; compared by identity): an answer that arrives after
   * it ended is dropped (DESIGN.md §6 "Ownership and money").
   */
  currentSession(): object;
  /** 9000000–9000005 while logged in. */
  onSessionExpired(tip: boolean): void;
  /** OK on the secure-connection dialog. */
  onSecureConnectionConfirmed(): void;
}

/**
 * The session a call was made in ended before its answer came (logout, a session code, a login as
 * another number): the answer is dropped unseen — no store, toast or session code acts on it.
 */
class SessionEndedError extends Error {
  /** Nothing to tell the borrower: the screen that asked is gone with its session. */
  readonly handled = true;
  constructor(path: string) {
    super(`The answer of ${path} came after its session ended`);
    this.name = 'SessionEndedError';
  }
}

/** What a feature store needs of the API: one call at a time (tests pass a fake). */
export interface ApiCaller {
  call: ApiService['call'];
}

export class ApiService {
  private secureDialogOpen = false;
  private inFlight = 0;
  private started = 0;

  constructor(
    private readonly transport: ApiTransport,
    private readonly ui: UiService,
    private readonly events: EventBus,
    private readonly reporter: ErrorReporter,
    private readonly session: SessionHooks,
  ) {}

  /**
   * Calls an endpoint. Resolves with the answer for every product code (non-200 codes already
   * handled); rejects with an ApiCallError (already shown to the user) when no answer came, and
   * with a SessionEndedError when the session that asked ended before the answer came.
   */
  async call<N extends EndpointName>(
    name: N,
    data: RequestOf<N>,
    options?: CallOptions,
  ): Promise<ProductAnswer<ResponseOf<N>>> {
    let answer: ProductAnswer<ResponseOf<N>>;
    const session = this.session.currentSession();
    this.inFlight += 1;
    this.started += 1;
    try {
      answer = await this.transport.call(name, data, options);
    } catch (error) {
      if (this.session.currentSession() !== session) {
        throw new SessionEndedError(this.transport.pathOf(name));
      }
      const failure = toApiCallError(error);
      this.handleFailure(this.transport.pathOf(name), failure);
      throw failure;
    } finally {
      this.inFlight -= 1;
    }
    if (this.session.currentSession() !== session) {
      throw new SessionEndedError(this.transport.pathOf(name));
    }
    if (answer.code !== OK) this.handleCode(this.transport.pathOf(name), answer);
    return answer;
  }

  /**
   * Resolves once no call has been in flight or started for `ms`: a page's calls come in rounds
   * with short gaps (its effects start them after it renders), so a moment of quiet between two
   * rounds is not the end. What loads ahead of need waits for this instead of competing with
   * the first screen's calls on a slow network.
   */
  async quietFor(ms: number): Promise<void> {
    for (;;) {
      const started = this.started;
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (this.started === started && this.inFlight === 0) return;
    }
  }

  /**
   * Resolves once the first page's calls are answered: a call has been made, and none has been
   * in flight or started for `ms` since (quietFor). Before the first call, the page is not up.
   */
  async firstCallsOver(ms: number): Promise<void> {
    for (;;) {
      await this.quietFor(ms);
      if (this.started > 0) return;
    }
  }

  warmUp(): void {
    this.transport.warmUp();
  }

  resetSessions(): void {
    this.transport.resetSessions();
  }

  /** The server's clock (ApiTransport.serverNow): event windows are the server's to decide. */
  serverNow(): number {
    return this.transport.serverNow();
  }

  private handleCode(path: string, answer: ProductAnswer): void {
    this.events.emit('api-code', { path, answer });
    if (!isSilentCode(answer.code)) this.ui.notify(answer.message, NOTIFICATION_MS);
    if (isSessionCode(answer.code) && this.session.isLoggedIn()) {
      this.session.onSessionExpired(answer.code === SESSION_KICKED_WITH_TIP);
    }
  }

  private handleFailure(path: string, failure: ApiCallError): void {
    failure.handled = true;
    switch (failure.kind) {
      case 'timeout':
        this.ui.toast(TIMEOUT_TEXT, 'fail');
        return;
      case 'offline':
        this.ui.toast(OFFLINE_TEXT, 'fail');
        return;
      case 'http':
      case 'bad-response':
        this.reporter.capture(failure, { path });
        this.ui.toast(SERVER_ERROR_TEXT, 'fail');
        return;
      case 'handshake':
        // A refusal with the server's own words: the borrower reads them (PRODUCT.md §8), then
        // the dialog that lets them start again.
        if (failure.serverMessage) this.ui.notify(failure.serverMessage, NOTIFICATION_MS);
        this.reporter.capture(failure, { path });
        this.showSecureConnectionDialog();
        return;
      case 'secure-connection':
      case 'protocol':
        this.reporter.capture(failure, { path });
        this.showSecureConnectionDialog();
        return;
      default:
        throw missingCaseError(failure.kind);
    }
  }

  private showSecureConnectionDialog(): void {
    // Several calls fail together when the channel breaks: one dialog is enough.
    if (this.secureDialogOpen) return;
    this.secureDialogOpen = true;
    void this.ui.alert({ content: SECURE_CONNECTION_TEXT, confirmText: 'OK' }).then((confirmed) => {
      this.secureDialogOpen = false;
      // Closed by a page change it is not a confirmation: the page must not close (PRODUCT.md §2).
      if (confirmed) this.session.onSecureConnectionConfirmed();
    });
  }
}
