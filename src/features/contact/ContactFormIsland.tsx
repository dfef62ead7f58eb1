/**
 * The "Get In Touch" contact form (spec §4/§5/§8): validated with the shared schema, posted
 * to /api/contact-form, success and failure reported through the site's notifications.
 * Controls stay disabled until the island has hydrated, so nothing typed is lost to a
 * native form submission and automated visitors wait for a working form.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { notify } from '../notifications/notifications';
import { apiRequest } from './api';
import {
  CONTACT_FAILED,
  CONTACT_SUCCESS,
  contactSchema,
  EMPTY_CONTACT_FORM,
  FIELD_LIMITS,
  type ContactFormValues,
} from './contact';
import { Honeypot, InputField, SubmitButton, TextAreaField } from './fields';
import { useSchemaForm } from './form';
import './forms.css';

const schema = () => contactSchema;

export default function ContactFormIsland() {
  const uid = useId();
  const id = (name: string) => `contact-${name}-${uid}`;
  const [ready, setReady] = useState(false);
  const [sending, setSending] = useState(false);
  const [website, setWebsite] = useState('');
  const { values, errors, setField, validate, reset } = useSchemaForm<ContactFormValues>(
    EMPTY_CONTACT_FORM,
    schema,
  );

  useEffect(() => setReady(true), []);

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
      await apiRequest('POST', '/api/contact-form', {
        ...values,
        formType: 'contact',
        ...(website ? { website } : {}),
      });
      notify({ title: CONTACT_SUCCESS.title, description: CONTACT_SUCCESS.description });
      reset();
      setWebsite('');
    } catch (error) {
      notify({
        title: 'Error',
        description: (error instanceof Error && error.message) || CONTACT_FAILED,
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  }

  const field = (name: keyof ContactFormValues) => ({
    id: id(name),
    name,
    value: values[name],
    error: errors[name],
    onChange: (v: string) => setField(name, v),
  });

  return (
    <form
      className="contact-form"
      method="post"
      action="/api/contact-form"
      noValidate
      aria-label="Contact form"
      onSubmit={onSubmit}
    >
      <fieldset className="form-fieldset" disabled={!ready}>
        <div className="form-grid">
          <InputField {...field('name')} label="Name" required autoComplete="name" maxLength={FIELD_LIMITS.name} />
          <InputField
            {...field('email')}
            label="Email"
            type="email"
            required
            autoComplete="email"
            maxLength={FIELD_LIMITS.email}
          />
          <InputField {...field('phone')} label="Phone" type="tel" autoComplete="tel" maxLength={FIELD_LIMITS.phone} />
          <InputField
            {...field('company')}
            label="Company"
            autoComplete="organization"
            maxLength={FIELD_LIMITS.company}
          />
          <TextAreaField
            {...field('message')}
            label="Message"
            required
            rows={5}
            maxLength={FIELD_LIMITS.message}
            placeholder="Tell us about your project..."
            className="field--full"
          />
        </div>
        <Honeypot id={id('website')} value={website} onChange={setWebsite} />
        <SubmitButton busy={sending} idle="Send Message" busyLabel="Sending Message..." />
      </fieldset>
    </form>
  );
}
