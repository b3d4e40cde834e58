/** One workbench call at a time for a panel section, its error kept for the section to show. */
import { useCallback, useState } from 'react';
import type { PanelApi } from '@host/panelApi';
import type { WorkbenchCall, WorkbenchResult } from '@host/workbench';

/** Runs one workbench call; its error lands in the section's own message line. */
export function useWorkbench(api: PanelApi) {
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async <C extends WorkbenchCall>(call: C): Promise<WorkbenchResult<C['op']>> => {
      const result = await api.workbench(call);
      setError(result.ok ? null : result.error);
      return result;
    },
    [api],
  );
  return { run, error, setError };
}
