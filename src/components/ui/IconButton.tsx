import type { ButtonHTMLAttributes } from 'react';
import { Icon } from './Icon';
import type { IconName } from './icons';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> & {
  icon: IconName;
  /** The button's accessible name: an icon alone says nothing to a screen reader. */
  label: string;
};

export function IconButton({ icon, label, type = 'button', ...rest }: Props) {
  return (
    <button type={type} aria-label={label} {...rest}>
      <Icon name={icon} />
    </button>
  );
}
