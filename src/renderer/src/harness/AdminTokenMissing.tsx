/**
 * Shown instead of the harness when it has no admin token: the mock server refuses admin calls
 * without one (DESIGN.md §6), so say where to find it rather than fail call by call.
 */
import { useState } from 'react';

export function AdminTokenMissing({ onToken }: { onToken(token: string): void }) {
  const [value, setValue] = useState('');
  return (
    <main className="sim-token">
      <h1>The mock server's admin token is needed</h1>
      <p>
        Open the harness with the URL <code>npm run dev:web</code> printed (it ends in{' '}
        <code>#admin-token=…</code>), or paste the token <code>npm run mock</code> printed at start.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim()) onToken(value.trim());
        }}
      >
        <label>
          Admin token <input value={value} onChange={(e) => setValue(e.target.value)} />
        </label>
        <button type="submit">Use token</button>
      </form>
    </main>
  );
}
