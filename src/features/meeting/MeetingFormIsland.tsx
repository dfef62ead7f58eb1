import { useEffect, useState } from 'react';
import { FIELD_LIMITS } from '../contact/contact';
import { ContactFields } from '../contact/ContactFields';
import { DateField, SelectField, ShortForm, TextAreaField } from '../../components/form/fields';
import { useSubmittedForm } from '../../components/form/form';
import {
  addDays,
  localToday,
  MAX_DAYS_AHEAD,
  MEETING_FORM_PAGES as FORM,
  MEETING_TYPES,
  TIME_SLOTS,
  TIMEZONES,
} from './meeting';
import { meetingForm } from './meeting.store';
import '../../components/form/forms.css';

const TIME_OPTIONS = TIME_SLOTS.map((t) => ({ value: t, label: t }));

export default function MeetingFormIsland() {
  const [today, setToday] = useState<string | undefined>(undefined);
  const bound = useSubmittedForm(meetingForm, 'meeting');
  const { field } = bound;

  // The page is static, so "today" is only known in the browser.
  useEffect(() => setToday(localToday()), []);

  const choice = (
    name: 'meetingType' | 'preferredTime' | 'timezone',
    label: string,
    placeholder: string,
    options: readonly { value: string; label: string }[],
    className?: string,
  ) => (
    <SelectField
      requiredMark="named"
      {...field(name)}
      label={label}
      required
      placeholder={placeholder}
      options={options}
      className={className}
    />
  );

  return (
    <ShortForm
      bound={bound}
      action="/api/schedule-meeting"
      label="Meeting request form"
      formName={FORM.form}
      idle="Schedule Meeting"
      busyLabel="Sending Request..."
    >
      <ContactFields field={field} nameLabel="Full Name" emailLabel="Email Address" />
      {choice('meetingType', 'Meeting Type', 'Select a meeting type', MEETING_TYPES, 'field--full')}
      <DateField
        requiredMark="named"
        {...field('preferredDate')}
        label="Preferred Date"
        required
        min={today}
        max={today && addDays(today, MAX_DAYS_AHEAD)}
      />
      {choice('preferredTime', 'Preferred Time', 'Select a time', TIME_OPTIONS)}
      {choice('timezone', 'Timezone', 'Select a timezone', TIMEZONES, 'field--full')}
      <TextAreaField
        {...field('message')}
        label="Message"
        rows={4}
        maxLength={FIELD_LIMITS.message}
        placeholder="Tell us what you'd like to discuss..."
        className="field--full"
      />
    </ShortForm>
  );
}
