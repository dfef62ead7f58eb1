import { CONTACT_FORM_PAGES as FORM, FIELD_LIMITS } from './contact';
import { contactForm } from './contact.store';
import { ShortForm, TextAreaField } from '../../components/form/fields';
import { ContactFields } from './ContactFields';
import { useSubmittedForm } from '../../components/form/form';
import '../../components/form/forms.css';

export default function ContactFormIsland() {
  const bound = useSubmittedForm(contactForm, 'contact');

  return (
    <ShortForm
      bound={bound}
      action="/api/contact-form"
      label="Contact form"
      formName={FORM.form}
      idle="Send Message"
      busyLabel="Sending Message..."
    >
      <ContactFields field={bound.field} />
      <TextAreaField
        requiredMark="named"
        {...bound.field('message')}
        label="Message"
        required
        rows={5}
        maxLength={FIELD_LIMITS.message}
        placeholder="Tell us about your project..."
        className="field--full"
      />
    </ShortForm>
  );
}
