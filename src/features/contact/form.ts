/**
 * Form state shared by the contact and meeting islands: values, per-field messages from the
 * shared zod schema (shown after the first submit and then updated as the visitor types),
 * and focus on the first invalid field.
 */
import { useCallback, useState } from 'react';
import type { ZodType } from '../../lib/zod';

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
