import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useSay } from '../../messages/use-say';

/** A modal dialog: labelled by its title, closed with Escape or its Close button. */
export function Dialog({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const say = useSay();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') onClose(); // words: not shown (a key's name)
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="dialog-backdrop">
      <div
        className={wide ? 'dialog dialog-wide' : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={ref}
      >
        <div className="dialog-head">
          <h3 id={titleId}>{title}</h3>
          <button type="button" className="link" onClick={onClose}>
            {say('review.ui.dialog.close')}
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
