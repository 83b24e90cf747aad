import { useCallback, useState } from 'react';

/** Runs a change of the document; the details page shows the blocking overlay while any runs. */
export type ChangeRunner = <T>(task: () => Promise<T>) => Promise<T>;

export function useChangeRunner(): { busy: boolean; run: ChangeRunner } {
  const [running, setRunning] = useState(0);

  const run = useCallback<ChangeRunner>(async (task) => {
    setRunning((count) => count + 1);
    try {
      return await task();
    } finally {
      setRunning((count) => count - 1);
    }
  }, []);

  return { busy: running > 0, run };
}
