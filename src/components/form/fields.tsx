// Required fields show "*": the short contact and meeting forms (spec: "marked *") keep it in the
// label with native `required`; the long onboarding forms show it beside an aria-required control
// so each label reads as the plain field name. Forms are noValidate: the shared zod schema decides.
import { useCallback, useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { isIsoDate } from '../../lib/iso-date';
import type { useSubmittedForm } from './form';
import { dropNativeResults } from '../../page-runtime/native-result';
import './honeypot.css';

type Base = {
  id: string;
  /** The submitted name; the id when omitted. */
  name?: string | undefined;
  label: string;
  required?: boolean | undefined;
  requiredMark?: 'named' | 'decorative' | undefined;
  error?: string | undefined;
  hint?: ReactNode | undefined;
  className?: string | undefined;
};

function Label({ id, label, required, requiredMark = 'decorative' }: Base) {
  return (
    <label htmlFor={id}>
      {label}
      {required &&
        (requiredMark === 'named' ? (
          <span className="required"> *</span>
        ) : (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        ))}
    </label>
  );
}

function Extras({ id, error, hint }: Pick<Base, 'id' | 'error' | 'hint'>) {
  return (
    <>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

function controlProps({ id, name, required, requiredMark = 'decorative', error, hint }: Base) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    name: name ?? id,
    ...(requiredMark === 'named'
      ? { required: required || undefined }
      : { 'aria-required': required || undefined }),
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

function Field(props: Base & { children: ReactNode }) {
  return (
    <div className={`field ${props.className ?? ''}`.trim()}>
      <Label {...props} />
      {props.children}
      <Extras id={props.id} error={props.error} hint={props.hint} />
    </div>
  );
}

type TextProps = Base & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'url' | undefined;
  autoComplete?: string | undefined;
  inputMode?: 'text' | 'email' | 'tel' | 'url' | undefined;
  maxLength?: number | undefined;
};

export const EMAIL_INPUT = { type: 'email', inputMode: 'email', autoComplete: 'email' } as const;
export const PHONE_INPUT = { type: 'tel', inputMode: 'tel', autoComplete: 'tel' } as const;

export function TextField({ value, onChange, type = 'text', ...p }: TextProps) {
  return (
    <Field {...p}>
      <input
        {...controlProps(p)}
        type={type}
        value={value}
        autoComplete={p.autoComplete}
        inputMode={p.inputMode}
        maxLength={p.maxLength ?? 300}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

type DateProps = Base & {
  value: string;
  onChange: (value: string) => void;
  /** The earliest and latest dates offered, YYYY-MM-DD. */
  min?: string | undefined;
  max?: string | undefined;
};

const DATE_TEXT_FORMAT = 'YYYY-MM-DD';

/**
 * A text field for YYYY-MM-DD until the island runs, then a date picker whenever the visitor is not
 * in it: the first date input makes Chromium parse the locale's calendar (~56 ms on Lighthouse's 4x
 * phone) mid-paint, and a change of type drops a partly typed date.
 */
export function DateField({ value, onChange, min, max, ...p }: DateProps) {
  const ref = useRef<HTMLInputElement>(null);
  const [picker, setPicker] = useState(false);
  const offerPicker = useCallback(() => {
    const input = ref.current;
    const keepsValue = input?.value === '' || isIsoDate(input?.value ?? '');
    if (!input || input === document.activeElement || !keepsValue) return;
    // Now, in the same task as the check: a render comes later, and by then the visitor may
    // have started typing into what they saw as a text field.
    input.type = 'date';
    setPicker(true);
  }, []);
  // After hydration (and after the form adopted what was typed before it), one task later:
  // React hydrates at once inside a focus change (on the focusout of the field left), and the
  // field being tapped or filled only has the focus once that change is over.
  useEffect(() => {
    const later = setTimeout(offerPicker, 0);
    return () => clearTimeout(later);
  }, [offerPicker]);
  return (
    <Field {...p}>
      <input
        {...controlProps(p)}
        ref={ref}
        type={picker ? 'date' : 'text'}
        placeholder={picker ? undefined : DATE_TEXT_FORMAT}
        value={value}
        min={min}
        max={max}
        onBlur={picker ? undefined : offerPicker}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

type AreaProps = Base & {
  value: string;
  onChange: (value: string) => void;
  rows?: number | undefined;
  maxLength?: number | undefined;
  placeholder?: string | undefined;
};

export function TextAreaField({ value, onChange, rows = 4, ...p }: AreaProps) {
  return (
    <Field {...p}>
      <textarea
        {...controlProps(p)}
        rows={rows}
        value={value}
        maxLength={p.maxLength ?? 5000}
        placeholder={p.placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

type SelectProps = Base & {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** Text of the empty first option; omit when a choice is always made. */
  placeholder?: string | undefined;
};

export function SelectField({ value, onChange, options, placeholder, ...p }: SelectProps) {
  return (
    <Field {...p}>
      <select {...controlProps(p)} value={value} onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

type CheckboxProps = Omit<Base, 'label'> & {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
};

export function CheckboxField({ checked, onChange, children, ...p }: CheckboxProps) {
  return (
    <div className="field field--check">
      <div className="check-row">
        <input
          {...controlProps({ ...p, label: '' })}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={p.id}>{children}</label>
      </div>
      <Extras id={p.id} error={p.error} hint={p.hint} />
    </div>
  );
}

/** Off-screen, hidden from assistive technology and out of the tab order, so only bots fill it. */
export function Honeypot({
  id,
  value,
  onChange,
  name = 'website',
  label = 'Website',
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  /** The field's name; a form with a real "website" field names its honeypot otherwise. */
  name?: string;
  label?: string;
}) {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label htmlFor={id}>{label} (leave empty)</label>
      <input
        id={id}
        name={name}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export function SubmitButton({
  busy,
  idle,
  busyLabel,
}: {
  busy: boolean;
  idle: ReactNode;
  busyLabel: string;
}) {
  return (
    <button type="submit" className="btn btn--block form-submit" disabled={busy}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {busy ? busyLabel : idle}
    </button>
  );
}

/** `bound` is what useSubmittedForm answers; a native post's outcome is the page's (NativeResultTexts). */
export function ShortForm({
  bound,
  action,
  label,
  formName,
  idle,
  busyLabel,
  children,
}: {
  bound: Pick<ReturnType<typeof useSubmittedForm>, 'form' | 'honeypot' | 'sending'>;
  action: string;
  label: string;
  /** The form's name in its FormPages; the element's id and class are `<name>-form`. */
  formName: string;
  idle: string;
  busyLabel: string;
  children: ReactNode;
}) {
  useEffect(() => dropNativeResults(formName), [formName]);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    dropNativeResults(formName, { all: true });
    return bound.form.onSubmit(event);
  };
  return (
    <form
      className={`${formName}-form`}
      method="post"
      action={action}
      aria-label={label}
      id={`${formName}-form`}
      {...bound.form}
      onSubmit={onSubmit}
    >
      <div className="form-grid">{children}</div>
      <Honeypot {...bound.honeypot} />
      <SubmitButton busy={bound.sending} idle={idle} busyLabel={busyLabel} />
    </form>
  );
}
