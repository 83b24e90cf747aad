import type { Router } from '@koa/router';
import type { DependencyContainer } from 'tsyringe';
import { receivedMailsRoutes } from './http/received-mails.routes.js';

export { ProcessMail } from './application/process-mail.use-case.js';
export { ReceiveMail } from './application/receive-mail.use-case.js';
export { SweepHeldMail } from './application/sweep-held-mail.use-case.js';
export { MAIL_INTAKE, type MailIntake } from './application/ports/mail-intake.port.js';

export function mailRouters(c: DependencyContainer): Router[] {
  return [receivedMailsRoutes(c)];
}
