import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast/toast-store';
import { DETAILS_TITLE_LENGTH, renameError, truncate } from '../utils/document-rules';
import { PencilIcon } from './icons';
import './document-title-editor.css';

type DocumentTitleEditorProps = {
  name: string;
  onRename: (name: string) => void;
};

/**
 * The details page title (docs/product.md § Document details): a click edits it, Enter or leaving the
 * field saves it when it is non-empty, within 70 characters and changed; Escape cancels.
 */
export function DocumentTitleEditor({ name, onRename }: DocumentTitleEditorProps) {
  const hintId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLButtonElement>(null);
  // Enter, Escape and blur can all end one edit; only the first counts.
  const ended = useRef(false);
  // After Enter or Escape the keyboard user lands back on the title; after a blur focus stays where it went.
  const refocusTitle = useRef(false);

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (refocusTitle.current) {
      refocusTitle.current = false;
      titleRef.current?.focus();
    }
  }, [editing]);

  const start = () => {
    ended.current = false;
    setDraft(name);
    setEditing(true);
  };

  const end = (save: boolean, refocus: boolean) => {
    if (ended.current) return;
    ended.current = true;
    refocusTitle.current = refocus;
    setEditing(false);
    if (!save) return;
    const next = draft.trim();
    const problem = renameError(next);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (next !== name) onRename(next);
  };

  if (editing) {
    return (
      <input
        ref={inputRef}
        className="document-title__input"
        aria-label="Document name"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => end(true, false)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            end(true, true);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            end(false, true);
          }
        }}
      />
    );
  }

  return (
    <>
      <h1 className="document-title">
        <button ref={titleRef} type="button" className="document-title__button" title={name} aria-describedby={hintId} onClick={start}>
          <span className="document-title__text">{truncate(name, DETAILS_TITLE_LENGTH)}</span>
          <span className="document-title__pencil" aria-hidden="true">
            <PencilIcon />
          </span>
        </button>
      </h1>
      <span id={hintId} className="visually-hidden">
        Click to rename the document
      </span>
    </>
  );
}
