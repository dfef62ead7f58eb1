/**
 * Labelled controls for the contact and meeting forms, on the global `.field` styles. The
 * required marker "*" is part of the label text; each message is linked to its control
 * with aria-describedby and the control is marked aria-invalid.
 */
import type { ReactNode } from 'react';
import './honeypot.css';

type Common = {
  id: string;
  name: string;
  label: string;
  required?: boolean | undefined;
  error?: string | undefined;
  className?: string | undefined;
};

function Label({ id, label, required }: Pick<Common, 'id' | 'label' | 'required'>) {
  return (
    <label htmlFor={id}>
      {label}
      {required && <span className="required"> *</span>}
    </label>
  );
}

function ErrorText({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p className="field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

function a11y(id: string, required?: boolean, error?: string) {
  return {
    required: required || undefined,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
}

type InputProps = Common & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'date';
  autoComplete?: string;
  maxLength?: number;
  min?: string | undefined;
  max?: string | undefined;
};

export function InputField(p: InputProps) {
  return (
    <div className={`field ${p.className ?? ''}`.trim()}>
      <Label id={p.id} label={p.label} required={p.required} />
      <input
        id={p.id}
        name={p.name}
        type={p.type ?? 'text'}
        value={p.value}
        autoComplete={p.autoComplete}
        maxLength={p.maxLength}
        min={p.min}
        max={p.max}
        onChange={(e) => p.onChange(e.target.value)}
        {...a11y(p.id, p.required, p.error)}
      />
      <ErrorText id={p.id} error={p.error} />
    </div>
  );
}

type TextAreaProps = Common & {
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
};

export function TextAreaField(p: TextAreaProps) {
  return (
    <div className={`field ${p.className ?? ''}`.trim()}>
      <Label id={p.id} label={p.label} required={p.required} />
      <textarea
        id={p.id}
        name={p.name}
        rows={p.rows ?? 5}
        value={p.value}
        maxLength={p.maxLength}
        placeholder={p.placeholder}
        onChange={(e) => p.onChange(e.target.value)}
        {...a11y(p.id, p.required, p.error)}
      />
      <ErrorText id={p.id} error={p.error} />
    </div>
  );
}

type SelectProps = Common & {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  options: readonly { value: string; label: string }[];
};

export function SelectField(p: SelectProps) {
  return (
    <div className={`field ${p.className ?? ''}`.trim()}>
      <Label id={p.id} label={p.label} required={p.required} />
      <select
        id={p.id}
        name={p.name}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        {...a11y(p.id, p.required, p.error)}
      >
        <option value="">{p.placeholder}</option>
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText id={p.id} error={p.error} />
    </div>
  );
}

/**
 * The honeypot: off-screen, hidden from assistive technology and out of the tab order, so
 * only bots fill it (see contact.ts for what the server does with it).
 */
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
