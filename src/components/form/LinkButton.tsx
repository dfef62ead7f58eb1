// A link the spec calls a button ("View Products", the portal button): it navigates like a link,
// is announced as a button and activates on Space as buttons do.
import type { AnchorHTMLAttributes, KeyboardEvent } from 'react';

export function LinkButton(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const onKeyDown = (e: KeyboardEvent<HTMLAnchorElement>) => {
    props.onKeyDown?.(e);
    if (e.key === ' ' && !e.defaultPrevented) {
      e.preventDefault();
      e.currentTarget.click();
    }
  };
  return <a {...props} role="button" onKeyDown={onKeyDown} />;
}
