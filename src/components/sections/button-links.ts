import type { IconName } from '../ui/icons';

/** One link button of a button row: `btn` plus its variant (`btn--<variant>`), an optional icon. */
export interface ButtonLink {
  href: string;
  label: string;
  variant?: 'light' | 'outline-light' | 'accent' | 'outline' | 'secondary' | 'ghost';
  /** Shown before the label. */
  icon?: IconName;
  /** Shown after the label, e.g. `arrowRight` on a link that leads on to another page. */
  iconAfter?: IconName;
}

export const VIEW_PACKAGES: ButtonLink = {
  href: '/products',
  label: 'View Packages',
  variant: 'light',
};

/** The pair that closes the how-it-works and services pages: see the packages, or ask us first. */
export const PACKAGES_OR_CONTACT: readonly ButtonLink[] = [
  VIEW_PACKAGES,
  { href: '/#contact', label: 'Contact Us', variant: 'outline-light' },
];

/** The same pair on a light band (the type-led hero). */
export const PACKAGES_OR_CONTACT_ON_LIGHT: readonly ButtonLink[] = [
  { href: VIEW_PACKAGES.href, label: VIEW_PACKAGES.label },
  { href: '/#contact', label: 'Contact Us', variant: 'outline' },
];
