import { Truncated } from '@/components/ui/data-table/data-table';
import type { ReceivedMail } from '../api/types';
import { useWindowWidth } from '../hooks/use-window-width';
import { receivedMailTextLimits } from '../utils/document-rules';
import { PaperclipIcon } from './icons';

/** "1 attachment", "2 attachments". */
const attachmentsLabel = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'attachment' : 'attachments'}`;

/**
 * The subject, cut as the column cuts it, with the mail's attachment count beside it: a paperclip and the
 * number, named "2 attachments" for screen readers and on hover. It reads the window width itself, as
 * DataTable keeps a cell's content until the data changes.
 */
function SubjectWithAttachments({ subject, attachments }: { subject: string; attachments: number }) {
  const max = receivedMailTextLimits(useWindowWidth()).subject;
  const label = attachmentsLabel(attachments);
  return (
    <>
      <Truncated text={subject} max={max} nowrap={false} />{' '}
      <span className="mail-attachments" role="img" aria-label={label} title={label}>
        <PaperclipIcon size={12} />
        {attachments.toLocaleString()}
      </span>
    </>
  );
}

/** The subject, cut by the column, with the attachment count beside it when the mail had any. */
function SubjectText({ mail }: { mail: ReceivedMail }) {
  const max = receivedMailTextLimits(useWindowWidth()).subject;
  const subject = mail.subject || '(no subject)';
  return mail.attachments > 0 ? <SubjectWithAttachments subject={subject} attachments={mail.attachments} /> : <Truncated text={subject} max={max} nowrap={false} />;
}

/**
 * The subject cell: a button that opens the mail in the panel (a click anywhere else on the row does
 * too, through `data-row-open`). It is the row's way in for the keyboard and screen readers, and gets
 * the focus back when the panel closes.
 */
export function MailOpenButton({ mail, onOpen }: { mail: ReceivedMail; onOpen: (mail: ReceivedMail) => void }) {
  return (
    <button type="button" className="mail-open" data-row-open onClick={() => onOpen(mail)}>
      <SubjectText mail={mail} />
    </button>
  );
}
