/**
 * What the panel says about upstream mode (src/shared/upstream.ts): the state in a few words, and
 * how an exchange that came from the upstream is tagged in the traffic log and the timeline. Pure,
 * so the words read off the tests.
 */
import type { UpstreamMark, UpstreamStatus } from '@shared/upstream';

/** The upstream section's summary line, e.g. "relaying to http://127.0.0.1:4011". */
export function upstreamSummary(status: UpstreamStatus | null): string {
  if (!status || status.state === 'off' || !status.url) return 'off';
  switch (status.state) {
    case 'ready':
      return `relaying to ${status.url}`;
    case 'failing':
      return `${status.url} not answering`;
    case 'identity-changed':
      return `STOPPED: ${status.url} identity changed`;
  }
}

/** An exchange's tag: where its answer came from and how many contract breaches it had. */
export function upstreamTag(mark: UpstreamMark): string {
  const count = mark.breaches.length;
  if (count === 0) return 'upstream';
  return `upstream · ${count} contract breach${count === 1 ? '' : 'es'}`;
}

/** The tag's hover text: which upstream, through which device id, and each breach. */
export function upstreamTitle(mark: UpstreamMark): string {
  const head = `Answered by the upstream ${mark.url} in ${Math.round(mark.ms)} ms (as ${mark.deviceId})`;
  return [head, ...mark.breaches.map((b) => `${b.kind} ${b.field}: ${b.detail}`)].join('\n');
}
