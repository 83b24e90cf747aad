import { useId } from 'react';
import { toast } from '@/components/ui/toast/toast-store';
import { useDocumentTabs } from '../api/get-document-tabs';
import { useSetDocumentTab } from '../api/set-document-tab';

const TAB_FAILED = 'Could not change the tab. Try again.';

/**
 * The tab of the linked document that new summaries go to (docs/api.md § Documents). A tab the user
 * deleted in Google Docs is said so: summaries go to the first tab until another is chosen.
 */
export function DocumentTabSetting({ documentId }: { documentId: string }) {
  const selectId = useId();
  const hintId = useId();
  const tabs = useDocumentTabs(documentId);
  const setTab = useSetDocumentTab(documentId);

  const choose = (tabId: string) => {
    if (tabId === tabs.data?.tabId) return;
    const title = tabs.data?.tabs.find((tab) => tab.id === tabId)?.title ?? 'the chosen tab';
    setTab.mutate(tabId, {
      onSuccess: (ok) => (ok ? toast.success(`Summaries will be added to ${title}`) : toast.error(TAB_FAILED)),
      onError: (failure) => {
        console.warn('Could not change the tab.', failure);
        toast.error(TAB_FAILED);
      },
    });
  };

  return (
    <div className="split-row details-setting">
      <div>
        <label htmlFor={selectId} className="details-setting__label">
          Tab
        </label>
        <p id={hintId} className="details-card__hint">
          {tabs.isError
            ? 'The tabs of the linked document could not be read. Reload the page to try again.'
            : tabs.data?.chosenTabMissing
              ? 'The tab chosen before is gone from the linked document: summaries go to its first tab.'
              : 'The tab of the linked document new summaries go to.'}
        </p>
      </div>
      <select
        id={selectId}
        className="details-setting__select"
        aria-describedby={hintId}
        value={tabs.data?.tabId ?? ''}
        disabled={!tabs.data || tabs.data.tabs.length < 2 || setTab.isPending}
        onChange={(event) => choose(event.target.value)}
      >
        {tabs.data ? (
          tabs.data.tabs.map((tab) => (
            <option key={tab.id} value={tab.id}>
              {tab.title || 'Untitled tab'}
            </option>
          ))
        ) : (
          <option value="">{tabs.isError ? 'Unavailable' : 'Loading…'}</option>
        )}
      </select>
    </div>
  );
}
