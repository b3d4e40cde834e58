import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PanelApi } from '@host/panelApi';
import type { WorkbenchCall } from '@host/workbench';
import { WorkbenchPanel } from './WorkbenchPanel';

/** A panel API whose workbench records the calls and has no fault armed. */
function recordingApi(calls: WorkbenchCall[]): PanelApi {
  return {
    runtime: 'harness',
    watch: () => () => undefined,
    dispatch: async () => ({ ok: true }),
    scenarios: async () => ({ current: null, scenarios: [] }),
    traffic: async () => [],
    workbench: (async (call: WorkbenchCall) => {
      calls.push(call);
      return call.op === 'faults' ? { ok: true, value: [] } : { ok: true, value: undefined };
    }) as PanelApi['workbench'],
  } as PanelApi;
}

describe('the fault lab’s Calls field', () => {
  it('says what its pre-filled 1 and an empty field each mean, and arms accordingly', async () => {
    const calls: WorkbenchCall[] = [];
    render(<WorkbenchPanel api={recordingApi(calls)} clock={null} />);
    const field = screen.getByLabelText('Fault calls') as HTMLInputElement;
    expect(field.value).toBe('1');
    // The visible label names the empty case: the placeholder no longer contradicts the value.
    expect(field.closest('label')?.textContent).toBe('Calls (empty: until cleared)');
    expect(field.placeholder).toBe('until cleared');

    fireEvent.click(screen.getByRole('button', { name: 'Arm fault' }));
    await screen.findByText(/No fault armed/);
    const armedOnce = calls.find((call) => call.op === 'addFault');
    expect(armedOnce).toMatchObject({ spec: { times: 1 } });

    fireEvent.change(field, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Arm fault' }));
    await expect.poll(() => calls.filter((call) => call.op === 'addFault').length).toBe(2);
    const armedUntilCleared = calls.filter((call) => call.op === 'addFault')[1];
    expect(armedUntilCleared).toMatchObject({ spec: { kind: 'code', path: '*' } });
    expect((armedUntilCleared as { spec: { times?: number } }).spec.times).toBeUndefined();
  });
});
