import { useId } from 'react';
import { toast } from '@/components/ui/toast/toast-store';
import { useUpdateOverwritePosition } from '../api/update-overwrite-position';
import { messages } from '../utils/document-rules';
import { DetailsCard } from './details-card';
import { DocumentTabSetting } from './document-tab-setting';

type DocumentSettingsProps = {
  documentId: string;
  overwriteAtBeginning: boolean;
};

/** "Document Settings" (docs/product.md § Document details): a call only for a new value, kept only when the server says ok. */
export function DocumentSettings({ documentId, overwriteAtBeginning }: DocumentSettingsProps) {
  const selectId = useId();
  const update = useUpdateOverwritePosition(documentId);

  const choose = (atBeginning: boolean) => {
    if (atBeginning === overwriteAtBeginning) return;
    update.mutate(atBeginning, {
      onSuccess: (ok) => {
        if (!ok) toast.error(messages.placementFailed);
        else toast.success(atBeginning ? messages.placementBeginning : messages.placementEnd);
      },
      onError: (failure) => {
        console.warn('Could not update the content placement.', failure);
        toast.error(messages.placementFailed);
      },
    });
  };

  return (
    <DetailsCard title="Document Settings" wide>
      <div className="split-row details-setting">
        <div>
          <label htmlFor={selectId} className="details-setting__label">
            Content Placement
          </label>
          <p className="details-card__hint">Where new summaries are written in the linked document.</p>
        </div>
        <select
          id={selectId}
          className="details-setting__select"
          value={overwriteAtBeginning ? 'beginning' : 'end'}
          onChange={(event) => choose(event.target.value === 'beginning')}
        >
          <option value="beginning">Beginning</option>
          <option value="end">End</option>
        </select>
      </div>
      <DocumentTabSetting documentId={documentId} />
    </DetailsCard>
  );
}
