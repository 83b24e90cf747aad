// `npm run mail:sample -- --to <forward address> [--from <sender>] [--host 127.0.0.1] [--port 2525]`
// Sends a realistic sample mail to a running Mailscribe, as a mail server behind your MX would.
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';

const { values } = parseArgs({
  options: {
    to: { type: 'string' },
    from: { type: 'string', default: 'Ada Lovelace <ada@example.com>' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '2525' },
    subject: { type: 'string', default: 'Q3 supplier invoices: two are overdue' },
  },
});

if (!values.to) {
  console.error('Usage: npm run mail:sample -- --to <the document\'s forward address> [--from "Name <sender@example.com>"] [--port 2525]');
  console.error('The sender must be on the document\'s allow-list (the default sender is ada@example.com).');
  process.exit(2);
}

const text = `Hi team,

Two supplier invoices from Q3 are now overdue: Acme Tools (invoice 2041, $1,240.00, due 15 October) and
Northwind Paper (invoice 889, $310.50, due 20 October). Acme has sent a reminder and will add a 2% late fee
after 30 November.

Could finance please pay both by Friday? I have approved them in the portal. Northwind also asked us to
update their bank details before the next payment; the new details are in their letter from last week.

Next quarter we should move both suppliers to monthly billing, which would avoid this.

Thanks,
Ada

--
Ada Lovelace · Operations`;

const transport = nodemailer.createTransport({ host: values.host, port: Number(values.port), secure: false, ignoreTLS: true });
try {
  const info = await transport.sendMail({ from: values.from, to: values.to, subject: values.subject, text });
  console.log(`Sent: ${info.response}`);
  console.log('Open the document in the app: the mail appears under Processed Emails within seconds.');
} catch (error) {
  console.error(`Not sent: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  transport.close();
}
