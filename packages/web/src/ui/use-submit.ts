import { useCallback, useState } from 'react';
import { errorBody } from '../state/errors.js';

/**
 * A form's submission state: busy while `submit`'s work runs, and the server's reason (as the
 * server words it) when it fails.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(errorBody(failure));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, submit };
}
