// /subscriptionPage. A document created before choosing a plan (the onboarding guide's "Create my first
// document") is kept; the plan page then says it is ready. The notice comes from the user's documents,
// so a reload still shows it. Features do not import each other, so this route composes billing and
// documents.
import { useQuery } from '@tanstack/react-query';
import { documentsQueryOptions } from '@/features/documents/api/get-documents';
import { PlanSelectionPage } from '@/features/billing/components/plan-selection-page';
import { useSubscriptionStatus } from '@/lib/subscription-status';

/** The newest document's name while the user has no active plan; null otherwise or while unknown. */
function useReadyDocumentName(): string | null {
  const status = useSubscriptionStatus();
  const waiting = status.data !== undefined && !status.data.isActive && !status.data.billingDisabled;
  const documents = useQuery({ ...documentsQueryOptions(), enabled: waiting });
  if (!waiting) return null;
  // Newest first (GET /api/google-docs): the one just created.
  return documents.data?.[0]?.documentName ?? null;
}

export function PlanSelectionRoute() {
  return <PlanSelectionPage readyDocumentName={useReadyDocumentName()} />;
}
