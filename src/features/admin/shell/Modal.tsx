import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from '../../../components/ui/Icon';

type Props = { title: string; onClose: () => void; children: ReactNode; wide?: boolean };

/** showModal(): the page behind is inert, Escape closes; focus then returns to the opener. */
export function Modal({ title, onClose, children, wide = false }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`admin-modal${wide ? ' admin-modal--wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="panel-head admin-modal__head">
        <h3 id={titleId}>{title}</h3>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={onClose}
          aria-label="Close"
        >
          <Icon name="close" />
        </button>
      </div>
      <div className="admin-modal__body">{children}</div>
    </dialog>
  );
}
