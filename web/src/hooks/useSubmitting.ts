import { useState } from "react";

/**
 * A form's submit that stays `submitting` once it succeeded (the page moves on) and is ready again
 * after a failure, which `onError` then reports.
 */
export function useSubmitting<T>(action: (values: T) => Promise<void>, onError: (err: unknown) => void) {
  const [submitting, setSubmitting] = useState(false);
  const submit = async (values: T) => {
    setSubmitting(true);
    try {
      await action(values);
    } catch (err) {
      setSubmitting(false);
      onError(err);
    }
  };
  return { submitting, submit };
}
