import type { Knex } from 'knex';
import * as usersAndSessions from './20261121120000_users_and_sessions.js';
import * as documents from './20261121130000_documents.js';
import * as tokenLedger from './20261121140000_token_ledger.js';
import * as mail from './20261121150000_mail.js';
import * as billing from './20261121160000_billing.js';
import * as tokenLedgerUsageIndex from './20261122120000_token_ledger_usage_index.js';
import * as mailRedelivery from './20261123120000_mail_redelivery.js';
import * as mailRunLease from './20261124120000_mail_run_lease.js';
import * as tokenUsageTotals from './20261125120000_token_usage_totals.js';
import * as mailRefusal from './20261126120000_mail_refusal.js';
import * as documentsListOrder from './20261127110000_documents_list_order.js';
import * as receivedMailReads from './20261127150000_received_mail_reads.js';
import * as mailFlowStatements from './20261128120000_mail_flow_statements.js';
import * as mailQueue from './20261129120000_mail_queue.js';
import * as mailAttachmentCount from './20261130120000_mail_attachment_count.js';
import * as retention from './20261201100000_retention.js';
import * as mailRunBoot from './20261201120000_mail_run_boot.js';
import * as accountDeletion from './20261202120000_account_deletion.js';
import * as mailBlocksAndHistory from './20261203120000_mail_blocks_and_history.js';
import * as notifications from './20261203140000_notifications.js';
import * as erasedMailRuns from './20261203150000_erased_mail_runs.js';
import * as localDocBlockLinks from './20261204100000_local_doc_block_links.js';
import * as documentTab from './20261204110000_document_tab.js';
import * as googleBudgets from './20261204120000_google_budgets.js';
import * as documentParts from './20261204130000_document_parts.js';
import * as documentsProcessedCount from './20261205100000_documents_processed_count.js';
import * as pendingDocBlocks from './20261206100000_pending_doc_blocks.js';
import * as usageTotalsBulkSettlements from './20261207100000_usage_totals_bulk_settlements.js';

export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Every migration, by its timestamped name; knex applies them in name order. */
export const migrations: Record<string, Migration> = {
  '20261121120000_users_and_sessions': usersAndSessions,
  '20261121130000_documents': documents,
  '20261121140000_token_ledger': tokenLedger,
  '20261121150000_mail': mail,
  '20261121160000_billing': billing,
  '20261122120000_token_ledger_usage_index': tokenLedgerUsageIndex,
  '20261123120000_mail_redelivery': mailRedelivery,
  '20261124120000_mail_run_lease': mailRunLease,
  '20261125120000_token_usage_totals': tokenUsageTotals,
  '20261126120000_mail_refusal': mailRefusal,
  '20261127110000_documents_list_order': documentsListOrder,
  '20261127150000_received_mail_reads': receivedMailReads,
  '20261128120000_mail_flow_statements': mailFlowStatements,
  '20261129120000_mail_queue': mailQueue,
  '20261130120000_mail_attachment_count': mailAttachmentCount,
  '20261201100000_retention': retention,
  '20261201120000_mail_run_boot': mailRunBoot,
  '20261202120000_account_deletion': accountDeletion,
  '20261203120000_mail_blocks_and_history': mailBlocksAndHistory,
  '20261203140000_notifications': notifications,
  '20261203150000_erased_mail_runs': erasedMailRuns,
  '20261204100000_local_doc_block_links': localDocBlockLinks,
  '20261204110000_document_tab': documentTab,
  '20261204120000_google_budgets': googleBudgets,
  '20261204130000_document_parts': documentParts,
  '20261205100000_documents_processed_count': documentsProcessedCount,
  '20261206100000_pending_doc_blocks': pendingDocBlocks,
  '20261207100000_usage_totals_bulk_settlements': usageTotalsBulkSettlements,
};
