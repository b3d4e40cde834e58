/**
 * The part of selenium-webdriver (which ships no types) the engine lane uses: a W3C WebDriver
 * classic session on a running driver server, and the WebDriver BiDi socket.
 */
declare module 'selenium-webdriver' {
  export interface WebElement {
    click(): Promise<void>;
    sendKeys(...keys: string[]): Promise<void>;
  }
  export interface WebDriver {
    get(url: string): Promise<void>;
    navigate(): { refresh(): Promise<void> };
    executeScript<T>(script: string, ...args: unknown[]): Promise<T>;
    executeAsyncScript<T>(script: string, ...args: unknown[]): Promise<T>;
    manage(): {
      setTimeouts(timeouts: {
        script?: number;
        pageLoad?: number;
        implicit?: number;
      }): Promise<void>;
      window(): { setRect(rect: { width: number; height: number }): Promise<unknown> };
    };
    getCapabilities(): Promise<{ get(name: string): unknown }>;
    quit(): Promise<void>;
  }
  export class Builder {
    usingServer(url: string): this;
    withCapabilities(capabilities: Record<string, unknown>): this;
    build(): Promise<WebDriver> & WebDriver;
  }
}

declare module 'selenium-webdriver/bidi/index.js' {
  /** A WebDriver BiDi connection: commands answer the raw message; events by method name. */
  export default class BiDiSocket {
    constructor(webSocketUrl: string);
    waitForConnection(): Promise<void>;
    send(command: { method: string; params: Record<string, unknown> }): Promise<{
      type: 'success' | 'error';
      result?: unknown;
      error?: string;
      message?: string;
    }>;
    on(event: string, listener: (params: Record<string, unknown>) => void): this;
    close(): Promise<void>;
  }
}
