import type { Balance } from '../domain/balance.js';
import type { AddedRow, UsageRow } from '../application/ports/ledger.repository.port.js';

const dollars = (cents: number) => Math.round(cents) / 100;

export function presentTokenState(state: Balance & { unlimited: boolean }) {
  return {
    tokenState: {
      subscriptionTokens: state.subscriptionTokens,
      maxSubscriptionTokens: state.maxSubscriptionTokens,
      additionalTokens: state.additionalTokens,
      unlimited: state.unlimited,
    },
  };
}

export function presentUsageRow(row: UsageRow) {
  return { operation: row.operation, usedTokens: row.usedTokens, date: row.date.toISOString(), payedUsd: dollars(row.payedUsdCents) };
}

export function presentAddedRow(row: AddedRow) {
  return { source: row.source, tokens: row.tokens, payedUsd: dollars(row.payedUsdCents), date: row.date.toISOString() };
}
