import type { ReactNode } from 'react';
import {
  CheckboxField,
  EMAIL_INPUT,
  PHONE_INPUT,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/form/fields';
import {
  ACCESSIBILITY_LEVELS,
  ANALYTICS_TRACKING,
  BRAND_STYLES,
  BUSINESS_TYPES,
  CONTENT_CREATION,
  CONTENT_MIGRATION,
  DOMAIN_STATUSES,
  EXISTING_ASSETS,
  HOSTING_PREFERENCES,
  IMAGE_SOURCES,
  MAINTENANCE_PLANS,
  NUMBER_OF_PAGES,
  PROJECT_BUDGETS,
  PROJECT_TYPES,
  REFERRAL_SOURCES,
  SECURITY_REQUIREMENTS,
  SEO_REQUIREMENTS,
  TIMELINES,
  WEBSITE_TYPES,
  YEARS_IN_BUSINESS,
  type ClientOnboardingValues,
  type FieldErrors,
  type FieldName,
} from './client-onboarding';

type Options = readonly { value: string; label: string }[];

export type StageBinding = {
  values: ClientOnboardingValues;
  errors: FieldErrors;
  set: <K extends FieldName>(field: K, value: ClientOnboardingValues[K]) => void;
};

function controls({ values, errors, set }: StageBinding) {
  const bound = (field: FieldName) => ({
    id: field,
    value: values[field] as string,
    onChange: (v: string) => set(field, v),
    error: errors[field],
  });
  return {
    text: (
      field: FieldName,
      label: string,
      extra: Partial<Parameters<typeof TextField>[0]> = {},
    ) => <TextField {...bound(field)} label={label} {...extra} />,
    area: (field: FieldName, label: string, hint?: string) => (
      <TextAreaField {...bound(field)} label={label} hint={hint} />
    ),
    select: (
      field: FieldName,
      label: string,
      options: Options,
      extra: { required?: boolean; placeholder?: string; noPlaceholder?: boolean } = {},
    ) => (
      <SelectField
        {...bound(field)}
        label={label}
        options={options}
        placeholder={extra.noPlaceholder ? undefined : (extra.placeholder ?? 'Select an option')}
        required={extra.required}
      />
    ),
    /** A select whose first option is a real choice (no empty "Select an option"). */
    choice: (field: FieldName, label: string, options: Options) => (
      <SelectField {...bound(field)} label={label} options={options} />
    ),
  };
}

function Group({
  legend,
  grid,
  children,
}: {
  legend: string;
  grid?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <fieldset className="ob-fieldset">
      <legend>{legend}</legend>
      {grid && <div className="ob-grid">{grid}</div>}
      {children}
    </fieldset>
  );
}

export function BusinessStage(binding: StageBinding) {
  const { text, area, select } = controls(binding);
  return (
    <>
      <div className="ob-grid">
        {text('fullName', 'Full name', { required: true, autoComplete: 'name' })}
        {text('email', 'Email address', { required: true, ...EMAIL_INPUT })}
        {text('businessName', 'Business name', { required: true, autoComplete: 'organization' })}
        {text('phone', 'Phone number', { required: true, ...PHONE_INPUT })}
        {select('businessType', 'Business type', BUSINESS_TYPES, {
          required: true,
          placeholder: 'Select a business type',
        })}
        {text('website', 'Current website', {
          type: 'url',
          autoComplete: 'url',
          inputMode: 'url',
          hint: 'Optional, e.g. https://example.com',
        })}
        {select('yearsInBusiness', 'Years in business', YEARS_IN_BUSINESS)}
      </div>
      {area(
        'businessDescription',
        'Business description',
        'What does your business do, and what makes it different?',
      )}
      {area('productsServices', 'Products and services')}
    </>
  );
}

export function ProjectStage(binding: StageBinding) {
  const { area, select, choice } = controls(binding);
  return (
    <>
      <Group
        legend="Project overview"
        grid={
          <>
            {choice('projectType', 'Project type', PROJECT_TYPES)}
            {select('websiteType', 'Website type', WEBSITE_TYPES)}
            {select('projectBudget', 'Project budget', PROJECT_BUDGETS)}
            {select('timeline', 'Timeline', TIMELINES)}
          </>
        }
      >
        {area(
          'goalsObjectives',
          'Goals and objectives',
          'What should the new website achieve for your business?',
        )}
        {area('targetAudience', 'Target audience')}
        {area(
          'competitors',
          'Competitors',
          'Websites of competitors you admire or want to stand out from.',
        )}
        {area('projectNotes', 'Project notes')}
      </Group>
      <Group
        legend="Content and pages"
        grid={
          <>
            {select('numberOfPages', 'Number of pages', NUMBER_OF_PAGES)}
            {select('contentCreation', 'Content creation', CONTENT_CREATION)}
            {select('imageSource', 'Images', IMAGE_SOURCES)}
            {choice('contentMigration', 'Content migration', CONTENT_MIGRATION)}
          </>
        }
      >
        {area('requiredPages', 'Required pages', 'For example: Home, About, Services, Contact.')}
        {area(
          'functionalRequirements',
          'Functional requirements',
          'Booking, payments, forms, members area…',
        )}
        {area(
          'integrationRequirements',
          'Integrations',
          'Tools the site should connect to, e.g. your CRM or calendar.',
        )}
      </Group>
      <Group
        legend="Technical preferences"
        grid={
          <>
            {choice('domainStatus', 'Domain', DOMAIN_STATUSES)}
            {choice('hostingPreference', 'Hosting', HOSTING_PREFERENCES)}
            {choice('seoRequirements', 'SEO', SEO_REQUIREMENTS)}
            {choice('websiteAccessibility', 'Accessibility', ACCESSIBILITY_LEVELS)}
            {choice('maintenancePlan', 'Maintenance plan', MAINTENANCE_PLANS)}
            {choice('analyticsTracking', 'Analytics', ANALYTICS_TRACKING)}
            {choice('securityRequirements', 'Security', SECURITY_REQUIREMENTS)}
          </>
        }
      />
    </>
  );
}

export function FinalStage(binding: StageBinding) {
  const { area, select } = controls(binding);
  const { values, errors, set } = binding;
  return (
    <>
      <Group
        legend="Design"
        grid={
          <>
            {select('brandStyle', 'Brand style', BRAND_STYLES)}
            {select('existingAssets', 'Existing brand assets', EXISTING_ASSETS)}
          </>
        }
      >
        {area('colorPreferences', 'Colour preferences')}
        {area('inspirationalWebsites', 'Websites you like', 'Links and what you like about them.')}
        {area('designDislikes', 'Anything you dislike')}
      </Group>
      <Group legend="Anything else">
        {area('additionalRequirements', 'Additional requirements')}
        {select('referralSource', 'How did you hear about us?', REFERRAL_SOURCES)}
        {area('questions', 'Questions for us')}
      </Group>
      <CheckboxField
        id="termsAccepted"
        required
        checked={values.termsAccepted}
        onChange={(v) => set('termsAccepted', v)}
        error={errors.termsAccepted}
      >
        I confirm that the information provided is accurate, and I authorize NovaReach Digital to
        create a marketing platform account on my behalf.
      </CheckboxField>
    </>
  );
}
