/** How to make Gmail forward to a document's address, up to the confirmation code the document's page shows. */
export function GmailWalkthrough() {
  return (
    <details className="gmail-walkthrough" open>
      <summary className="gmail-walkthrough__summary">Gmail, step by step</summary>
      <ol className="gmail-walkthrough__steps">
        <li>
          In Gmail on the web, open <strong>Settings</strong> (the gear icon), then <strong>See all settings</strong>.
        </li>
        <li>
          Open the <strong>Forwarding and POP/IMAP</strong> tab and press <strong>Add a forwarding address</strong>.
        </li>
        <li>
          Paste your document’s forward address (copy it from the <strong>Forward mail</strong> card on the document’s page), then
          press <strong>Next</strong> and <strong>Proceed</strong>.
        </li>
        <li>
          Gmail mails a confirmation code to that address. Mailscribe receives it for you: go back to the document’s page, where a
          <strong> Confirm Gmail forwarding</strong> box shows the code, and press <strong>Copy code</strong>.
        </li>
        <li>
          In Gmail, paste the code into the confirmation field and press <strong>Verify</strong>.
        </li>
        <li>
          Choose what to forward. For a few senders, create a filter: in the search box, open the search options, enter the sender
          in <strong>From</strong>, press <strong>Create filter</strong> and tick <strong>Forward it to</strong> with the
          document’s address. To forward everything, choose <strong>Forward a copy of incoming mail to</strong> and save.
        </li>
      </ol>
    </details>
  );
}
