import { useState } from 'react';
import { toast } from '@/components/ui/toast/toast-store';
import { serverMessageOf } from '@/lib/server-message';
import { useExportAccountData } from '../api/export-account-data';
import { DeleteAccountDialog } from './delete-account-dialog';

export const EXPORT_FAILED_MESSAGE = 'Your data could not be downloaded. Please try again.';

/** Settings "Your data": download everything stored about the account, or delete the account. */
export function YourDataSection() {
  const exportData = useExportAccountData();
  const [deleting, setDeleting] = useState(false);
  const downloading = exportData.isPending;

  function download() {
    if (downloading) return;
    exportData.mutate(undefined, {
      onError: (error) => {
        console.warn('Could not download the account data.', error);
        void (async () => toast.error((await serverMessageOf(error)) ?? EXPORT_FAILED_MESSAGE))();
      },
    });
  }

  return (
    <section className="card card--stack settings-section" aria-labelledby="your-data-title">
      <h2 id="your-data-title" className="settings-section__title">
        Your data
      </h2>
      <p className="settings-text">
        Download a copy of everything stored about your account as a JSON file, or delete your account and its data.
      </p>
      <div className="settings-section__actions">
        <button type="button" className="button button--secondary" onClick={download} disabled={downloading} aria-busy={downloading || undefined}>
          {downloading ? 'Preparing download...' : 'Download my data'}
        </button>
        <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
          Delete my account
        </button>
      </div>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}
