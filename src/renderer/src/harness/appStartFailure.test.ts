import { describe, expect, it } from 'vitest';
import { configFailureAdvice, configFailureOf } from './appStartFailure';

describe('the app failing to load its config, as the harness reads it', () => {
  it('is recognised in what the app logs, with its reason', () => {
    expect(
      configFailureOf(
        'console.error: App init failed app-config.json could not be loaded: TypeError: Failed to fetch',
      ),
    ).toBe('app-config.json could not be loaded: TypeError: Failed to fetch');
    expect(
      configFailureOf('console.error: App init failed app-config.json is missing (HTTP 404)'),
    ).toBe('app-config.json is missing (HTTP 404)');
    // Other startup failures and other errors are not this one.
    expect(configFailureOf('console.error: App init failed Host failed')).toBeNull();
    expect(configFailureOf('Uncaught TypeError: app-config.json')).toBeNull();
  });

  it('tells a tester what to do, never to deploy a file', () => {
    for (const online of [true, false]) {
      expect(configFailureAdvice(online)).not.toMatch(/deploy/i);
    }
    expect(configFailureAdvice(false)).toContain('Turn Online back on');
    expect(configFailureAdvice(true)).toContain('Reload app');
  });
});
