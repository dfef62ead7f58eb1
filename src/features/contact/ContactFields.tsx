/**
 * Who is writing: the name, e-mail, phone and company fields that the contact form and the
 * meeting form both start with (same limits, autocomplete and required marks; the meeting
 * form names two of them differently).
 */
import { TextField } from '../../components/form/fields';
import { FIELD_LIMITS } from './contact';

type FieldProps = {
  id: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

type Props = {
  field: (name: 'name' | 'email' | 'phone' | 'company') => FieldProps;
  nameLabel?: string;
  emailLabel?: string;
};

export function ContactFields({ field, nameLabel = 'Name', emailLabel = 'Email' }: Props) {
  return (
    <>
      <TextField
        requiredMark="named"
        {...field('name')}
        label={nameLabel}
        required
        autoComplete="name"
        maxLength={FIELD_LIMITS.name}
      />
      <TextField
        requiredMark="named"
        {...field('email')}
        label={emailLabel}
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
    </>
  );
}
