import { PageHeader } from '@/components/ui/page/page-header';
import { ADDED_TOKENS_TABLE } from './added-tokens-table';
import { TOKEN_USAGE_TABLE } from './token-usage-table';
import { UsageChartCard } from './usage-chart-card';
import { UsageTableCard } from './usage-table-card';
import './usage.css';

/** /usage and /dashboard/usage (docs/product.md § Usage). Loaded as its own chunk by the router; the chart library in another. */
export function UsagePage() {
  return (
    <div className="usage-page">
      <PageHeader title="Usage" />
      <UsageChartCard />
      <UsageTableCard table={TOKEN_USAGE_TABLE} />
      <UsageTableCard table={ADDED_TOKENS_TABLE} />
    </div>
  );
}
