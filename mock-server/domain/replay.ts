/**
 * Answers of a recorded scenario (src/shared/recording.ts): per path the recorded answers in
 * order, the n-th call getting the n-th answer and every later call the last one. A path the
 * recording never saw answers NOT_FOUND saying so: a replay reproduces what was recorded, not the
 * server's state changes beyond it.
 */
import type { ProductAnswer } from '@shared/api/endpoints';
import { ServerCode } from '@shared/codes';
import { type Replay, replayKeyOf } from '@shared/recording';
import type { DomainState } from './state';
import type { ApiCall } from './types';

export function replayAnswer(state: DomainState, replay: Replay, call: ApiCall): ProductAnswer {
  const key = replayKeyOf(call.host, call.path);
  const answers = replay.answers[key];
  if (!answers?.length) {
    return {
      code: ServerCode.NOT_FOUND,
      message: `${key} was not recorded in "${state.scenario.name}": a replay answers only the calls it recorded`,
      data: null,
    };
  }
  const n = state.replayed.get(key) ?? 0;
  state.replayed.set(key, n + 1);
  const answer = answers[Math.min(n, answers.length - 1)] as ProductAnswer;
  // Answers are snapshots: a caller must never hold a live reference into the scenario.
  return { code: answer.code, message: answer.message, data: structuredClone(answer.data) };
}
