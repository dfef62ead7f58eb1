import type { IconName } from '../ui/icons';

export interface ButtonLink {
  href: string;
  label: string;
  variant?: 'light' | 'outline-light' | 'accent' | 'outline' | 'secondary' | 'ghost';
  icon?: IconName;
  iconAfter?: IconName;
}

export const VIEW_PACKAGES: ButtonLink = {
  href: '/products',
  label: 'View Packages',
  variant: 'light',
};

export const PACKAGES_OR_CONTACT: readonly ButtonLink[] = [
  VIEW_PACKAGES,
  { href: '/#contact', label: 'Contact Us', variant: 'outline-light' },
];

export const PACKAGES_OR_CONTACT_ON_LIGHT: readonly ButtonLink[] = [
  { href: VIEW_PACKAGES.href, label: VIEW_PACKAGES.label },
  { href: '/#contact', label: 'Contact Us', variant: 'outline' },
];
