/** Shown instead of the app when app-config.json is missing or malformed (DESIGN.md §3). */
export function ConfigErrorPage({ error }: { error: string }) {
  return (
    <section className="config-error" role="alert">
      <h1>App init failed</h1>
      <p>The app configuration could not be read, so the app cannot start.</p>
      <pre className="config-error__detail">{error}</pre>
      <p>
        Deploy an <code>app-config.json</code> beside <code>index.html</code> with <code>env</code>,{' '}
        <code>apiBase</code> (main, channel, hk) and <code>sentryDsn</code>.
      </p>
    </section>
  );
}
