/**
 * Shown instead of the harness when it has no admin token for its mock server: the server refuses
 * admin calls without one (DESIGN.md §6), so say where to find it rather than fail call by call.
 * A token belongs to the server that printed it (adminTokens.ts): the screen names the server the
 * pasted token will go to, and says so plainly when `?mock=` named a server other than this page's.
 */
import { useState } from 'react';

interface Props {
  /** The origin of the mock server the token is for. */
  server: string;
  /** `?mock=` named a server other than the one serving this page. */
  otherServer: boolean;
  onToken(token: string): void;
}

export function AdminTokenMissing({ server, otherServer, onToken }: Props) {
  const [value, setValue] = useState('');
  return (
    <main className="sim-token">
      <h1>The mock server's admin token is needed</h1>
      <p>
        Server: <code data-testid="token-server">{server}</code>
      </p>
      {otherServer ? (
        <p role="note">
          This link points the harness at another mock server. Paste only the token that this server
          printed: a token you have for another server stays with that server.
        </p>
      ) : null}
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
