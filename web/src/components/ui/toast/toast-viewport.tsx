import { useLayoutEffect, useRef, useState } from 'react';
import { chooseToastEdge, PHONE_QUERY, type ToastEdge } from './toast-placement';
import { useToasts, type ToastVariant } from './toast-store';
import './toast.css';

const ICONS: Record<ToastVariant, string> = { success: '✓', error: '!', info: 'i' };

/** Renders the toast stack; mounted once by the app provider. On a phone it takes the edge that covers no control. */
export function ToastViewport() {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  const stackRef = useRef<HTMLElement>(null);
  const [edge, setEdge] = useState<ToastEdge>('bottom');

  // Before paint, so a toast never shows over a control first and then moves.
  useLayoutEffect(() => {
    const stack = stackRef.current;
    if (!stack || toasts.length === 0 || typeof window.matchMedia !== 'function' || !window.matchMedia(PHONE_QUERY).matches) return;
    setEdge(chooseToastEdge(stack));
  }, [toasts.length]);

  return (
    <section ref={stackRef} className="toast-viewport" data-edge={edge} aria-label="Notifications">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.variant}`}
          role={item.variant === 'error' ? 'alert' : 'status'}
        >
          <span className="toast__icon" aria-hidden="true">
            {ICONS[item.variant]}
          </span>
          <p className="toast__message">{item.message}</p>
          <button
            type="button"
            className="toast__close"
            aria-label="Close notification"
            onClick={() => dismiss(item.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
