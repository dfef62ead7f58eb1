/**
 * Form state shared by the contact and meeting islands: values, per-field messages from the
 * shared zod schema (shown after the first submit and then updated as the visitor types),
 * focus on the first invalid field, the honeypot, and the send/notify/reset cycle.
 *
 * The forms work before their island hydrates: the server renders them enabled. A submission
 * meanwhile is held by the page and replayed by the island once it has adopted what was typed
 * (src/lib/early-presses.ts); without the island the browser posts the form to the same
 * function, which answers with the page and the outcome (src/server/form-posts.ts).
 */
import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { ZodMiniType as ZodType } from '../../lib/zod-mini';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notifications';

/**
 * The attribute of a form whose island has not hydrated (src/lib/early-presses.ts spells it
 * too: importing it from there would make Astro load that script instead of inlining it).
 */
export const AWAITS_ISLAND = 'data-awaits-island';

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

  /** Takes values typed before hydration (React keeps them on screen but not in state). */
  const adopt = useCallback((typed: Partial<V>) => setValues((v) => ({ ...v, ...typed })), []);

  return { values, errors, setField, validate, reset, adopt };
}

/** The values a server-rendered form's controls hold that differ from `initial`. */
export function typedBeforeHydration<V extends Record<string, string>>(
  form: HTMLFormElement,
  initial: V,
): Partial<V> {
  const typed: Partial<Record<string, string>> = {};
  for (const name of Object.keys(initial)) {
    const control = form.elements.namedItem(name);
    const value = control && 'value' in control ? control.value : undefined;
    if (typeof value === 'string' && value !== initial[name]) typed[name] = value;
  }
  return typed as Partial<V>;
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
  const [hydrated, setHydrated] = useState(false);
  const [replay, setReplay] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors, setField, validate, reset, adopt } = useSchemaForm<V>(initial, schema);

  // Once, on hydration (later changes arrive through the controls' onChange): take over what
  // was typed, and a submission the page held for the island (src/lib/early-presses.ts).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    adopt(typedBeforeHydration(form, initial));
    const bait = form.elements.namedItem('website');
    if (bait && 'value' in bait && typeof bait.value === 'string') setWebsite(bait.value);
    const held = form.getAttribute(AWAITS_ISLAND) === 'submitted';
    form.removeAttribute(AWAITS_ISLAND);
    setHydrated(true);
    if (held) setReplay(true);
  }, []);

  // After the render that holds the adopted values, so the submission sends them.
  useEffect(() => {
    if (!replay) return;
    setReplay(false);
    formRef.current?.requestSubmit();
  }, [replay]);

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

  /**
   * The <form>'s props. Until hydration the page holds a submission for the island, and the
   * browser posts it itself if the island does not come (no script, a failed download).
   */
  const form = {
    ref: formRef,
    noValidate: true,
    onSubmit,
    ...(hydrated ? {} : { [AWAITS_ISLAND]: '' }),
  };

  return { values, field, honeypot, form, sending };
}
