import type { AddedTokensRecord, TokenStateResponse, TokenUsageRecord, UsageDay } from '../../../contract/usage.js';
import type { TokenPanelState } from '../application/token-panel.use-case.js';
import type { AddedRow, UsageDayRow, UsageRow } from '../application/ports/ledger.repository.port.js';

const dollars = (cents: number) => Math.round(cents) / 100;

export function presentTokenState(state: TokenPanelState): TokenStateResponse {
  return {
    tokenState: {
      subscriptionTokens: state.subscriptionTokens,
      maxSubscriptionTokens: state.maxSubscriptionTokens,
      additionalTokens: state.additionalTokens,
      unlimited: state.unlimited,
      heldMails: state.heldMails,
    },
  };
}

export function presentUsageRow(row: UsageRow): TokenUsageRecord {
  return { operation: row.operation, usedTokens: row.usedTokens, date: row.date.toISOString(), payedUsd: dollars(row.payedUsdCents) };
}

export function presentAddedRow(row: AddedRow): AddedTokensRecord {
  return { source: row.source, tokens: row.tokens, payedUsd: dollars(row.payedUsdCents), date: row.date.toISOString() };
}

export function presentUsageDay(day: UsageDayRow): UsageDay {
  return { date: day.date, usedTokens: day.usedTokens, processedMails: day.settlements };
}
