import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InMemoryLedgerRepository } from '../../support/fakes/in-memory-ledger.js';
import { ledgerCommand, ledgerUseCases, runCommand } from '../../support/ledger-model.js';

const USER = 'user-1';

function sums(ledger: InMemoryLedgerRepository) {
  return ledger.entries.reduce(
    (total, entry) => ({ subscription: total.subscription + entry.subscriptionDelta, additional: total.additional + entry.additionalDelta }),
    { subscription: 0, additional: 0 },
  );
}

describe('ledger properties (in memory, many random sequences)', () => {
  it('keeps balances equal to the sum of entries, never negative, whatever the sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ledgerCommand, { maxLength: 60 }), async (commands) => {
        const ledger = new InMemoryLedgerRepository();
        const useCases = ledgerUseCases(ledger);
        for (const command of commands) {
          await runCommand(useCases, USER, command);
          const balance = await ledger.balanceOf(USER);
          expect(balance.subscriptionTokens).toBeGreaterThanOrEqual(0);
          expect(balance.additionalTokens).toBeGreaterThanOrEqual(0);
          expect(sums(ledger)).toEqual({ subscription: balance.subscriptionTokens, additional: balance.additionalTokens });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('changes nothing when a command is repeated with the same source key', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ledgerCommand, { minLength: 1, maxLength: 40 }), fc.nat(), async (commands, pick) => {
        const ledger = new InMemoryLedgerRepository();
        const useCases = ledgerUseCases(ledger);
        for (const command of commands) await runCommand(useCases, USER, command);
        const repeated = commands[pick % commands.length];
        if (!repeated) return;
        // A repeat right after the same command must be a no-op.
        await runCommand(useCases, USER, repeated);
        const before = { balance: await ledger.balanceOf(USER), entries: ledger.entries.length };
        await runCommand(useCases, USER, repeated);
        expect({ balance: await ledger.balanceOf(USER), entries: ledger.entries.length }).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });

  it('never uses more tokens than were granted: settled usage ≤ grants', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ledgerCommand, { maxLength: 60 }), async (commands) => {
        const ledger = new InMemoryLedgerRepository();
        const useCases = ledgerUseCases(ledger);
        for (const command of commands) await runCommand(useCases, USER, command);
        const granted = ledger.entries.filter((e) => e.kind.endsWith('grant')).reduce((total, e) => total + Math.max(0, e.subscriptionDelta) + e.additionalDelta, 0);
        const reservedNet = ledger.entries.filter((e) => e.kind === 'reserve' || e.kind === 'refund').reduce((total, e) => total - e.subscriptionDelta - e.additionalDelta, 0);
        expect(reservedNet).toBeLessThanOrEqual(granted);
      }),
      { numRuns: 200 },
    );
  });
});
