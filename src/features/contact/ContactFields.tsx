import { TextField } from '../../components/form/fields';
import { FIELD_LIMITS } from './contact';

type Name = 'name' | 'email' | 'phone' | 'company';

type FieldProps = {
  id: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

type Props = {
  field: (name: Name) => FieldProps;
  nameLabel?: string;
  emailLabel?: string;
};

const FIELDS: readonly {
  name: Name;
  type?: 'email' | 'tel';
  required?: boolean;
  autoComplete: string;
}[] = [
  { name: 'name', required: true, autoComplete: 'name' },
  { name: 'email', type: 'email', required: true, autoComplete: 'email' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'company', autoComplete: 'organization' },
];

export function ContactFields({ field, nameLabel = 'Name', emailLabel = 'Email' }: Props) {
  const labels: Record<Name, string> = {
    name: nameLabel,
    email: emailLabel,
    phone: 'Phone',
    company: 'Company',
  };
  return (
    <>
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          requiredMark="named"
          {...field(f.name)}
          label={labels[f.name]}
          type={f.type}
          required={f.required}
          autoComplete={f.autoComplete}
          maxLength={FIELD_LIMITS[f.name]}
        />
      ))}
    </>
  );
}
