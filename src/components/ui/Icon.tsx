import { ICONS, type IconName } from './icons';

type Props = { name: IconName; className?: string; label?: string };

/** React twin of Icon.astro; both render the same markup from icons.ts. */
export function Icon({ name, className = 'icon', label }: Props) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={label ? undefined : true}
      role={label ? 'img' : undefined}
      aria-label={label}
      focusable="false"
      dangerouslySetInnerHTML={{ __html: ICONS[name] }}
    />
  );
}
