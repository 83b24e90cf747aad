/**
 * The error catalogues and the status table, as the type check sees them: `npm run typecheck` checks this
 * file (tsc), Vitest does not run it. Each `@ts-expect-error` fails the check if its line stops being an error.
 */
import { expectTypeOf } from 'vitest';
import type { BillingErrors } from '../../../src/modules/billing/billing.errors.js';
import type { DocumentErrors } from '../../../src/modules/documents/documents.errors.js';
import type { MailErrors } from '../../../src/modules/mail/mail.errors.js';
import { ERROR_STATUSES } from '../../../src/platform/http/error-status.js';
import { AppError, type AppErrorCode } from '../../../src/shared/app-error.js';

type Codes<Catalogue> = Catalogue[keyof Catalogue];

// Every module's catalogue is in the codes (they merge into AppErrorCatalogues), and the table gives a
// status to exactly those codes: no more, no fewer.
expectTypeOf<Codes<typeof MailErrors> | Codes<typeof DocumentErrors> | Codes<typeof BillingErrors>>().toMatchTypeOf<AppErrorCode>();
expectTypeOf<keyof typeof ERROR_STATUSES>().toEqualTypeOf<AppErrorCode>();

/** The shape the table is checked against (`satisfies Record<AppErrorCode, number>` in error-status.ts). */
type StatusTable = Record<AppErrorCode, number>;
const { INTERNAL: _internal, ...withoutOne } = ERROR_STATUSES;

// @ts-expect-error a catalogued code without a status is refused
export const missingCode: StatusTable = withoutOne;

// @ts-expect-error a status for a code that no catalogue declares is refused
export const unknownCode: StatusTable = { ...ERROR_STATUSES, 'DOCUMENT.NOT_FUOND': 404 };

export const known = new AppError('MAIL.NOT_FOUND', 'Mail not found.');

// @ts-expect-error an AppError whose code is in no catalogue is refused
export const misspelt = new AppError('MAIL.NOT_FUOND', 'Mail not found.');
