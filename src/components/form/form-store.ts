// Every change builds on the store's current values, never on a render's copy: on a slow phone a
// keystroke, the values adopted at hydration and a held press land in any order (issue 32).
import { atom, type ReadableAtom } from 'nanostores';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notifications';
import type { ZodMiniType as ZodType } from '../../lib/zod-mini';

export type FormValues = Record<string, string | boolean>;
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;
export type FieldName<V> = keyof V & string;

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

/** What a visitor typed before hydration: React keeps it on screen, not in state. */
export function typedBeforeHydration<V extends FormValues>(
  form: HTMLFormElement,
  initial: V,
): Partial<V> {
  const typed: Record<string, string | boolean> = {};
  for (const [name, start] of Object.entries(initial)) {
    const control = form.elements.namedItem(name);
    if (!control) continue;
    const value =
      typeof start === 'boolean'
        ? 'checked' in control && control.checked
        : 'value' in control && control.value;
    if (typeof value === typeof start && value !== start) typed[name] = value as string | boolean;
  }
  return typed as Partial<V>;
}

export type FormStore<V extends FormValues> = {
  initial: V;
  $values: ReadableAtom<V>;
  $errors: ReadableAtom<FieldErrors<V>>;
  setField: <K extends FieldName<V>>(name: K, value: V[K]) => void;
  adopt: (typed: Partial<V>) => void;
  /** `adopt` what the server-rendered `form`'s controls hold (called once, at hydration). */
  adoptFrom: (form: HTMLFormElement) => void;
  /** Shows every message; answers the first invalid field, or null when the values are valid. */
  validate: () => FieldName<V> | null;
  /** Back to `initial`, except fields changed since `sent` was taken (they are newer typing). */
  reset: (sent?: V) => void;
};

export function formStore<V extends FormValues>(initial: V, schema: () => ZodType): FormStore<V> {
  const $values = atom<V>(initial);
  const $errors = atom<FieldErrors<V>>({});
  // After a failed submit, messages follow the visitor's corrections live.
  let validated = false;

  const update = (next: V) => {
    $values.set(next);
    if (validated) $errors.set(fieldErrors(schema(), next));
  };

  const adopt = (typed: Partial<V>) => {
    if (Object.keys(typed).length) update({ ...$values.get(), ...typed });
  };

  return {
    initial,
    $values,
    $errors,
    setField: (name, value) => update({ ...$values.get(), [name]: value }),
    adopt,
    adoptFrom: (form) => adopt(typedBeforeHydration(form, initial)),
    validate: () => {
      const errors = fieldErrors<V>(schema(), $values.get());
      $errors.set(errors);
      validated = true;
      return (Object.keys(initial) as FieldName<V>[]).find((k) => errors[k]) ?? null;
    },
    reset: (sent) => {
      const now = $values.get();
      const next = { ...initial };
      if (sent) {
        for (const key of Object.keys(initial) as FieldName<V>[]) {
          if (now[key] !== sent[key]) next[key] = now[key];
        }
      }
      validated = false;
      $errors.set({});
      $values.set(next);
    },
  };
}

type SubmitOutcome<V> = 'sent' | 'failed' | 'busy' | { invalid: FieldName<V> };

export type SubmittedForm<V extends FormValues> = FormStore<V> & {
  $sending: ReadableAtom<boolean>;
  $website: ReadableAtom<string>;
  setWebsite: (value: string) => void;
  /** One press: validates, sends once (a press while sending is ignored), announces the outcome. */
  submit: () => Promise<SubmitOutcome<V>>;
};

type SubmittedFormOptions<V> = {
  initial: V;
  schema: () => ZodType;
  /** Posts the valid values (plus the honeypot when a bot filled it); throws to report a failure. */
  send: (values: V, honeypot: { website?: string }) => Promise<void>;
  success: { title: string; description: string };
  /** Shown when the failure carries no message of its own. */
  failure: string;
};

/** The fields are cleared only once the server has stored what was typed. */
export function submittedForm<V extends FormValues>({
  initial,
  schema,
  send,
  success,
  failure,
}: SubmittedFormOptions<V>): SubmittedForm<V> {
  const form = formStore(initial, schema);
  const $sending = atom(false);
  const $website = atom('');

  async function submit(): Promise<SubmitOutcome<V>> {
    if ($sending.get()) return 'busy';
    const invalid = form.validate();
    if (invalid) return { invalid };
    const values = form.$values.get();
    const website = $website.get();
    $sending.set(true);
    try {
      await send(values, website ? { website } : {});
      notify({ title: success.title, description: success.description });
      form.reset(values);
      $website.set('');
      return 'sent';
    } catch (error) {
      notify({ title: 'Error', description: errorMessage(error, failure), variant: 'destructive' });
      return 'failed';
    } finally {
      $sending.set(false);
    }
  }

  return {
    ...form,
    adoptFrom: (element) => {
      form.adoptFrom(element);
      const bait = element.elements.namedItem('website');
      if (bait && 'value' in bait && typeof bait.value === 'string' && bait.value) {
        $website.set(bait.value);
      }
    },
    $sending,
    $website,
    setWebsite: (v) => $website.set(v),
    submit,
  };
}
