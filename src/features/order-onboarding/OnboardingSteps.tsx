import type { ReactNode } from 'react';
import {
  CheckboxField,
  EMAIL_INPUT,
  PHONE_INPUT,
  TextAreaField,
  TextField,
} from '../../components/form/fields';
import { LogoUpload } from './LogoUpload';
import type { OnboardingKind, StepKey, WizardValues } from './order-onboarding';

export type Bind = <K extends StepKey>(
  key: K,
  field: keyof WizardValues[K] & string,
) => { id: string; value: string; onChange: (v: string) => void; error: string | undefined };

export function BusinessInfoStep({
  bind,
  orderId,
  logo,
  logoError,
}: {
  bind: Bind;
  orderId: number;
  logo: { logoUrl: string; logoFile: string };
  logoError: string | undefined;
}) {
  return (
    <>
      <div className="ob-grid">
        <TextField
          {...bind('businessInfo', 'businessName')}
          label="Business name"
          required
          autoComplete="organization"
        />
        <TextField {...bind('businessInfo', 'industry')} label="Industry" required />
        <TextField
          {...bind('businessInfo', 'contactName')}
          label="Contact name"
          required
          autoComplete="name"
        />
        <TextField
          {...bind('businessInfo', 'email')}
          label="Email address"
          {...EMAIL_INPUT}
          required
        />
        <TextField
          {...bind('businessInfo', 'phone')}
          label="Phone number"
          {...PHONE_INPUT}
          required
        />
        <TextField
          {...bind('businessInfo', 'website')}
          label="Website"
          autoComplete="url"
          hint="Optional"
        />
      </div>
      <TextAreaField
        {...bind('businessInfo', 'description')}
        label="Business description"
        required
        hint="What you do, who you serve and what makes you different."
      />
      <LogoUpload
        orderId={orderId}
        logoUrl={logo.logoUrl}
        logoFile={logo.logoFile}
        error={logoError}
      />
    </>
  );
}

export function ProjectDetailsStep({ bind, kind }: { bind: Bind; kind: OnboardingKind }) {
  return (
    <>
      <TextAreaField
        {...bind('projectDetails', 'goals')}
        label="Project goals"
        required
        hint={GOAL_HINT[kind]}
      />
      <TextAreaField
        {...bind('projectDetails', 'targetAudience')}
        label="Target audience"
        required
        rows={3}
      />
      <TextAreaField
        {...bind('projectDetails', 'keyFeatures')}
        label="Key features"
        required
        hint={FEATURE_HINT[kind]}
      />
      <div className="ob-grid">
        <TextField
          {...bind('projectDetails', 'timeline')}
          label="Timeline"
          required
          hint="For example: within 6 weeks"
        />
        <TextField {...bind('projectDetails', 'competitors')} label="Competitors" hint="Optional" />
      </div>
    </>
  );
}

export function DesignPreferencesStep({
  bind,
  kind,
  useLogo,
  onUseLogo,
}: {
  bind: Bind;
  kind: OnboardingKind;
  useLogo: boolean;
  onUseLogo: (checked: boolean) => void;
}): ReactNode {
  return (
    <>
      <TextAreaField
        {...bind('designPreferences', 'stylePreferences')}
        label="Style preferences"
        required
        rows={3}
        hint={STYLE_HINT[kind]}
      />
      <TextField
        {...bind('designPreferences', 'colorPreferences')}
        label="Colour preferences"
        hint="Optional"
      />
      <TextAreaField
        {...bind('designPreferences', 'inspirationalWebsites')}
        label="Inspirational websites"
        rows={3}
        hint="Optional: sites or accounts you like, and why."
      />
      <CheckboxField id="logoUpload" checked={useLogo} onChange={onUseLogo}>
        Use my logo in the design
      </CheckboxField>
      <TextAreaField
        {...bind('designPreferences', 'additionalNotes')}
        label="Additional notes"
        rows={3}
        hint="Optional"
      />
    </>
  );
}

const GOAL_HINT = {
  website: 'What should your new website achieve for your business?',
  social: 'What should your social media achieve: more followers, leads, bookings?',
  agent: 'What should Lily handle for you: questions, bookings, lead qualification?',
} as const;

const FEATURE_HINT = {
  website: 'Pages and functions you need, e.g. booking, online store, contact forms.',
  social: 'Platforms and content types you want, e.g. Instagram reels, TikTok, YouTube Shorts.',
  agent: 'Channels and tasks, e.g. phone calls, website chat, appointment booking, languages.',
} as const;

const STYLE_HINT = {
  website: 'For example: clean and modern, warm and friendly, bold and colourful.',
  social: 'The tone and look of your content, e.g. playful, educational, premium.',
  agent: 'How Lily should sound, and the tools she should connect to (calendar, CRM, helpdesk).',
} as const;
