import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast/toast-store';
import { useUpdateDescription } from '../api/update-description';
import { MAX_DESCRIPTION_LENGTH } from '../utils/document-rules';
import { DetailsCard } from './details-card';

type DescriptionEditorProps = {
  documentId: string;
  saved: string;
  onFailure: (message: string) => void;
};

/** "Description" (docs/product.md § Document details): Reset brings back the saved text; Save stores a changed one. */
export function DescriptionEditor({ documentId, saved, onFailure }: DescriptionEditorProps) {
  const fieldId = useId();
  const [draft, setDraft] = useState(saved);
  // The server keeps the text trimmed, so only a change beyond surrounding spaces is a change.
  const next = draft.trim();
  const changed = next !== saved;

  const update = useUpdateDescription(documentId);

  const save = () => {
    if (!changed) return;
    update.mutate(next, {
      onSuccess: () => {
        setDraft(next);
        toast.success('Description saved.');
      },
      onError: (failure) => {
        console.warn('Could not save the description.', failure);
        onFailure('Could not save the description. Try again.');
      },
    });
  };

  return (
    <DetailsCard title={<label htmlFor={fieldId}>Description</label>} hint="Your instructions for the summaries of this document, e.g. what to focus on.">
      <textarea
        id={fieldId}
        className="field__input field__textarea details-description"
        rows={6}
        maxLength={MAX_DESCRIPTION_LENGTH}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="details-card__actions">
        <button type="button" className="button button--secondary" disabled={draft === saved} onClick={() => setDraft(saved)}>
          Reset
        </button>
        <button type="button" className="button button--primary" disabled={!changed} onClick={save}>
          Save
        </button>
      </div>
    </DetailsCard>
  );
}
