import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '@/components/ui/toast/toast-store';

const CARD_CHANGE_PARAM = 'cardChange';

/**
 * docs/product.md § Settings: the card-update page sends the browser back with ?cardChange=success|cancelled. The
 * outcome is shown as a toast once, then the parameter is removed from the URL (replacing history).
 */
export function useCardChangeNotice(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const cardChange = searchParams.get(CARD_CHANGE_PARAM);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (cardChange === null) {
      shown.current = null;
      return;
    }
    if (shown.current !== cardChange) {
      shown.current = cardChange;
      if (cardChange === 'success') toast.success('Payment method updated successfully !');
      else if (cardChange === 'cancelled') toast.info('Payment method update was cancelled.');
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CARD_CHANGE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [cardChange, setSearchParams]);
}
