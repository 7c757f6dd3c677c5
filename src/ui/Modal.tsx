import { useEffect, useRef, type ReactNode } from 'react';

export interface ModalProps {
  title?: ReactNode;
  children: ReactNode;
  /** Called on Escape or the close button; omit to make the modal impossible to dismiss that way. */
  onClose?: () => void;
  closeLabel?: string;
  /** Show the × button (alerts answer through their own buttons and Escape). */
  closeButton?: boolean;
  testId?: string;
  className?: string;
  footer?: ReactNode;
}

function openModal(dialog: HTMLDialogElement): void {
  if (dialog.open) return;
  // jsdom has no showModal; the open attribute is enough to render there.
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

/**
 * A native <dialog> shown modally while mounted: the browser handles the top layer, focus trapping and
 * Escape. Mount it to open, unmount it to close.
 */
export function Modal({ title, children, onClose, closeLabel, closeButton = true, testId, className, footer }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    openModal(dialog);
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={['modal', className].filter(Boolean).join(' ')}
      data-testid={testId}
      aria-label={typeof title === 'string' ? title : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
    >
      {(title || (onClose && closeButton)) && (
        <header className="modal__header">
          {title && <h2 className="modal__title">{title}</h2>}
          {onClose && closeButton && (
            <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
              ×
            </button>
          )}
        </header>
      )}
      <div className="modal__body">{children}</div>
      {footer && <footer className="modal__footer">{footer}</footer>}
    </dialog>
  );
}
