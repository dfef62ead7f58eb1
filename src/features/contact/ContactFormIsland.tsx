/**
 * The "Get In Touch" contact form (spec §4/§5/§8): validated with the shared schema, posted
 * to /api/contact-form, success and failure reported through the site's notifications.
 * Controls stay disabled until the island has hydrated, so nothing typed is lost to a
 * native form submission and automated visitors wait for a working form.
 */
import { useEffect, useState } from 'react';
import { sendRequest } from '../../lib/request-json';
import {
  CONTACT_FAILED,
  CONTACT_SUCCESS,
  contactSchema,
  EMPTY_CONTACT_FORM,
  FIELD_LIMITS,
  type ContactFormValues,
} from './contact';
import { Honeypot, TextField, SubmitButton, TextAreaField } from '../../components/form/fields';
import { useSubmittedForm } from '../../components/form/form';
import '../../components/form/forms.css';

const schema = () => contactSchema;

async function send(values: ContactFormValues, honeypot: { website?: string }) {
  await sendRequest('POST', '/api/contact-form', { ...values, formType: 'contact', ...honeypot });
}

export default function ContactFormIsland() {
  const [ready, setReady] = useState(false);
  const { field, honeypot, onSubmit, sending } = useSubmittedForm<ContactFormValues>({
    idPrefix: 'contact',
    initial: EMPTY_CONTACT_FORM,
    schema,
    send,
    success: CONTACT_SUCCESS,
    failure: CONTACT_FAILED,
  });

  useEffect(() => setReady(true), []);

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
          <TextField
            requiredMark="named"
            {...field('name')}
            label="Name"
            required
            autoComplete="name"
            maxLength={FIELD_LIMITS.name}
          />
          <TextField
            requiredMark="named"
            {...field('email')}
            label="Email"
            type="email"
            required
            autoComplete="email"
            maxLength={FIELD_LIMITS.email}
          />
          <TextField
            {...field('phone')}
            label="Phone"
            type="tel"
            autoComplete="tel"
            maxLength={FIELD_LIMITS.phone}
          />
          <TextField
            {...field('company')}
            label="Company"
            autoComplete="organization"
            maxLength={FIELD_LIMITS.company}
          />
          <TextAreaField
            requiredMark="named"
            {...field('message')}
            label="Message"
            required
            rows={5}
            maxLength={FIELD_LIMITS.message}
            placeholder="Tell us about your project..."
            className="field--full"
          />
        </div>
        <Honeypot {...honeypot} />
        <SubmitButton busy={sending} idle="Send Message" busyLabel="Sending Message..." />
      </fieldset>
    </form>
  );
}
