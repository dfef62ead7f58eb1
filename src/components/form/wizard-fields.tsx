/**
 * Labelled form controls for the onboarding forms, on the global `.field` styles: each has
 * a visible label, an optional hint, and an error wired up with aria-invalid/aria-describedby.
 */
import type { ReactNode } from 'react';

type Base = {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode | undefined;
  required?: boolean | undefined;
};

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

function Label({ id, label, required }: Pick<Base, 'id' | 'label' | 'required'>) {
  return (
    <label htmlFor={id}>
      {label}
      {required && (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
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

type TextProps = Base & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'url' | undefined;
  autoComplete?: string | undefined;
  inputMode?: 'text' | 'email' | 'tel' | 'url' | undefined;
  maxLength?: number | undefined;
};

export function TextField({
  id,
  label,
  error,
  hint,
  required,
  value,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength = 300,
}: TextProps) {
  return (
    <div className="field">
      <Label id={id} label={label} required={required} />
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      />
      <Extras id={id} error={error} hint={hint} />
    </div>
  );
}

type AreaProps = Base & {
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  maxLength?: number;
};

export function TextAreaField({
  id,
  label,
  error,
  hint,
  required,
  value,
  onChange,
  rows = 4,
  maxLength = 5000,
}: AreaProps) {
  return (
    <div className="field">
      <Label id={id} label={label} required={required} />
      <textarea
        id={id}
        name={id}
        rows={rows}
        value={value}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      />
      <Extras id={id} error={error} hint={hint} />
    </div>
  );
}

type SelectProps = Base & {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** Text of the empty first option; omit when a choice is always made. */
  placeholder?: string | undefined;
};

export function SelectField({
  id,
  label,
  error,
  hint,
  required,
  value,
  onChange,
  options,
  placeholder,
}: SelectProps) {
  return (
    <div className="field">
      <Label id={id} label={label} required={required} />
      <select
        id={id}
        name={id}
        value={value}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Extras id={id} error={error} hint={hint} />
    </div>
  );
}

type CheckboxProps = Omit<Base, 'label'> & {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
};

export function CheckboxField({
  id,
  error,
  hint,
  required,
  checked,
  onChange,
  children,
}: CheckboxProps) {
  return (
    <div className="field field--check">
      <div className="check-row">
        <input
          id={id}
          name={id}
          type="checkbox"
          checked={checked}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      <Extras id={id} error={error} hint={hint} />
    </div>
  );
}
