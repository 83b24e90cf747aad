// Copying text: the async Clipboard API where the browser offers it, else the old selection copy.
import { useCallback, useEffect, useRef, useState } from 'react';

function copyBySelection(text: string): boolean {
  const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.focus();
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    previouslyFocused?.focus();
  }
}

/** Resolves true when the text reached the clipboard; never rejects. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && typeof navigator.clipboard.writeText === 'function') {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch (error) {
    console.warn('The Clipboard API refused the copy; trying the selection copy.', error);
  }
  const copied = copyBySelection(text);
  if (!copied) console.warn('Could not copy to the clipboard.');
  return copied;
}

/** `copied` turns true after a successful copy and back to false `confirmForMs` later. */
export function useCopyToClipboard(confirmForMs: number) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      const ok = await copyText(text);
      if (ok) {
        clearTimeout(timer.current);
        setCopied(true);
        timer.current = setTimeout(() => setCopied(false), confirmForMs);
      }
      return ok;
    },
    [confirmForMs],
  );

  return { copied, copy };
}
