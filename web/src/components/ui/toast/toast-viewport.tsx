import { useToasts, type ToastVariant } from './toast-store';
import './toast.css';

const ICONS: Record<ToastVariant, string> = { success: '✓', error: '!', info: 'i' };

/** Renders the toast stack; mounted once by the app provider. */
export function ToastViewport() {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);

  return (
    <section className="toast-viewport" aria-label="Notifications">
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
