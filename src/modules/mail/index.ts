export { mailModule } from './mail.module.js';
export { MAIL_ROLES, type MailRoles } from './infra/mail-roles.js';
export type { SmtpListener } from './infra/smtp/smtp.listener.js';
export { ProcessMail } from './application/process-mail.use-case.js';
export { ReceiveMail } from './application/receive-mail.use-case.js';
export { SweepHeldMail } from './application/sweep-held-mail.use-case.js';
export { MailRetention } from './application/mail-retention.use-case.js';
export { MAIL_INTAKE, type MailIntake } from './application/ports/mail-intake.port.js';
// Account export and deletion.
export { OwnerMail } from './application/owner-mail.use-case.js';
export type { MailRecordExport } from './application/ports/mail-records.port.js';
