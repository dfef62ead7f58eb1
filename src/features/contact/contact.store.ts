import { submittedForm } from '../../components/form/form-store';
import { sendRequest } from '../../lib/request-json';
import {
  CONTACT_FAILED,
  CONTACT_SUCCESS,
  contactSchema,
  EMPTY_CONTACT_FORM,
  type ContactFormValues,
} from './contact';

export const contactForm = submittedForm<ContactFormValues>({
  initial: EMPTY_CONTACT_FORM,
  schema: () => contactSchema,
  send: async (values, honeypot) => {
    await sendRequest('POST', '/api/contact-form', { ...values, formType: 'contact', ...honeypot });
  },
  success: CONTACT_SUCCESS,
  failure: CONTACT_FAILED,
});
