import { PageHeader } from '@/components/ui/page/page-header';
import { AddedTokensTable } from './added-tokens-table';
import { TokenUsageTable } from './token-usage-table';
import { UsageChartCard } from './usage-chart-card';
import './usage.css';

/** /usage and /dashboard/usage (spec §2 Usage). Loaded as its own chunk by the router; the chart library in another. */
export function UsagePage() {
  return (
    <div className="usage-page">
      <PageHeader title="Usage" />
      <UsageChartCard />
      <TokenUsageTable />
      <AddedTokensTable />
    </div>
  );
}
