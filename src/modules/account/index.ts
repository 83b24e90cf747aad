export { accountModule } from './account.module.js';
export { ExportAccount, type AccountData } from './application/export-account.use-case.js';
export { DeleteAccount } from './application/delete-account.use-case.js';
export { presentAccountExport } from './http/account.presenter.js';
export { AccountErrors, type AccountErrorCode } from './account.errors.js';
