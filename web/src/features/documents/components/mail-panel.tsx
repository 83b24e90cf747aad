import { useId } from 'react';
import { Drawer } from '@/components/ui/drawer/drawer';
import { LoadFailed, loadFailureOf } from '@/components/ui/load-failed/load-failed';
import { Spinner } from '@/components/ui/spinner/spinner';
import { httpStatusOf } from '@/lib/api-error';
import { useReceivedMail } from '../api/get-received-mail';
import { ExternalLinkIcon } from './icons';
import { MailBlock, MailFacts } from './mail-block';
import { ReceivedMailStatusBadge } from './received-mail-status';

type MailPanelProps = {
  documentId: string;
  mailId: string;
  onClose: () => void;
};

/**
 * One processed mail in a drawer (the whole screen on a phone): the block as written into the linked
 * document, what it cost, its status history and "Open in document". Named by its heading; a mail
 * event (live updates) reloads it, as it does the table.
 */
export function MailPanel({ documentId, mailId, onClose }: MailPanelProps) {
  const titleId = useId();
  const result = useReceivedMail(documentId, mailId);
  const mail = result.data;
  const failure = loadFailureOf(result, 'This mail could not be loaded.');
  const missing = httpStatusOf(result.error) === 404;

  let title: string;
  let body;
  if (mail) {
    title = mail.block?.heading || mail.subject || '(no subject)';
    body = (
      <>
        <div className="mail-panel__status">
          <ReceivedMailStatusBadge status={mail.status} reason={mail.reason} authentication={mail.authentication ?? null} />
        </div>
        {mail.block ? (
          <MailBlock block={mail.block} />
        ) : (
          <p className="mail-panel__note">Nothing was written to the document for this mail.</p>
        )}
        <MailFacts mail={mail} />
      </>
    );
  } else if (missing) {
    title = 'Mail not found';
    body = <p className="mail-panel__note">This mail is not in this document any more.</p>;
  } else if (failure) {
    title = 'Mail';
    body = <LoadFailed {...failure} />;
  } else {
    title = 'Loading mail…';
    body = (
      <div className="mail-panel__loading">
        <Spinner size="large" />
      </div>
    );
  }

  return (
    <Drawer
      titleId={titleId}
      title={
        <h2 id={titleId} className="mail-panel__heading">
          {title}
        </h2>
      }
      onClose={onClose}
      busy={result.isPending && !missing && !failure}
      footer={
        mail?.documentUrl ? (
          <a className="button button--primary" href={mail.documentUrl} target="_blank" rel="noopener noreferrer">
            Open in document
            <ExternalLinkIcon />
          </a>
        ) : null
      }
    >
      {body}
    </Drawer>
  );
}
