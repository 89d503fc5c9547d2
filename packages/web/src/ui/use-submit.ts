import { type ChangeEvent, useCallback, useState } from 'react';
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

/**
 * A form's text values by field name: `bind(name)` gives an input or a textarea its `value` and
 * `onChange`, `set` replaces some of them (a dialog opening on an item's values), `reset` brings
 * back the first values.
 */
export function useTextFields<Name extends string>(initial: Record<Name, string>) {
  const [first] = useState(initial);
  const [values, setValues] = useState(first);
  const bind = (name: Name) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });
  const set = (next: Partial<Record<Name, string>>) => setValues((current) => ({ ...current, ...next }));
  const reset = () => setValues(first);
  return { values, bind, set, reset };
}
