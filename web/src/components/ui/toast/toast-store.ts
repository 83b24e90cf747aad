// Global toasts (docs/product.md § Messages and failures): success, error and info; each closes itself after 5000 ms. One at a time:
// a new toast replaces the one shown, so they never pile up over the page.
import { create } from 'zustand';

export const TOAST_LIFETIME_MS = 5000;

export type ToastVariant = 'success' | 'error' | 'info';

export type Toast = {
  id: number;
  variant: ToastVariant;
  message: string;
};

type ToastState = {
  /** The toast shown (at most one). */
  toasts: Toast[];
  show: (variant: ToastVariant, message: string) => number;
  dismiss: (id: number) => void;
};

let nextId = 1;

export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (variant, message) => {
    const id = nextId++;
    set({ toasts: [{ id, variant, message }] });
    setTimeout(() => get().dismiss(id), TOAST_LIFETIME_MS);
    return id;
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((toast) => toast.id !== id) }),
}));

/** Shorthands for features: `toast.error('Could not update overwrite position. Try again.')`. */
export const toast = {
  success: (message: string) => useToasts.getState().show('success', message),
  error: (message: string) => useToasts.getState().show('error', message),
  info: (message: string) => useToasts.getState().show('info', message),
};
