/**
 * Form state shared by the contact and meeting islands: values, per-field messages from the
 * shared zod schema (shown after the first submit and then updated as the visitor types),
 * focus on the first invalid field, the honeypot, and the send/notify/reset cycle.
 */
import { useCallback, useId, useState, type SubmitEvent } from 'react';
import type { ZodType } from '../../lib/zod';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notifications';

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/** The first message per top-level field, as the schema reports them. */
export function fieldErrors<V>(schema: ZodType, values: V): FieldErrors<V> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors as FieldErrors<V>;
}

export function useSchemaForm<V extends Record<string, string>>(initial: V, schema: () => ZodType) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [validated, setValidated] = useState(false);

  const setField = useCallback(
    (name: keyof V & string, value: string) => {
      const next = { ...values, [name]: value };
      setValues(next);
      // After a failed submit, messages follow the visitor's corrections live.
      if (validated) setErrors(fieldErrors(schema(), next));
    },
    [schema, validated, values],
  );

  /** Validates everything; returns the first invalid field's name, or null when valid. */
  const validate = useCallback((): (keyof V & string) | null => {
    const next = fieldErrors(schema(), values);
    setErrors(next);
    setValidated(true);
    const first = (Object.keys(initial) as (keyof V & string)[]).find((k) => next[k]);
    return first ?? null;
  }, [initial, schema, values]);

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
    setValidated(false);
  }, [initial]);

  return { values, errors, setField, validate, reset };
}

type SubmittedFormOptions<V> = {
  /** Prefix of the controls' ids (`${idPrefix}-${field}-${uid}`). */
  idPrefix: string;
  initial: V;
  schema: () => ZodType;
  /** Posts the valid values (plus the honeypot when a bot filled it); throws to report a failure. */
  send: (values: V, honeypot: { website?: string }) => Promise<void>;
  success: { title: string; description: string };
  /** Shown when the failure carries no message of its own. */
  failure: string;
};

/**
 * A visitor-facing form from first keystroke to toast: validation with focus on the first
 * invalid field, one request at a time, success or failure announced through `notify()`, and
 * the fields cleared only once the server has stored what was typed.
 */
export function useSubmittedForm<V extends Record<string, string>>({
  idPrefix,
  initial,
  schema,
  send,
  success,
  failure,
}: SubmittedFormOptions<V>) {
  const uid = useId();
  const id = (name: string) => `${idPrefix}-${name}-${uid}`;
  const [sending, setSending] = useState(false);
  const [website, setWebsite] = useState('');
  const { values, errors, setField, validate, reset } = useSchemaForm<V>(initial, schema);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const invalid = validate();
    if (invalid) {
      document.getElementById(id(invalid))?.focus();
      return;
    }
    setSending(true);
    try {
      await send(values, website ? { website } : {});
      notify({ title: success.title, description: success.description });
      reset();
      setWebsite('');
    } catch (error) {
      notify({
        title: 'Error',
        description: errorMessage(error, failure),
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  }

  /** The props every field component takes for `name`. */
  const field = (name: keyof V & string) => ({
    id: id(name),
    name,
    value: values[name],
    error: errors[name],
    onChange: (v: string) => setField(name, v),
  });

  const honeypot = { id: id('website'), value: website, onChange: setWebsite };

  return { values, field, honeypot, onSubmit, sending };
}
