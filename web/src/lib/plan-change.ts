// Changing between Basic and Professional while subscribed (docs/api.md § Subscription): shared by
// Settings and the plan page, which offer the same confirm dialog (components/plan-change).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subscriptionRoutes, type PlanChangePreview, type PlanChangeResponse } from '@contract/subscription';
import { callRoute } from './api-route';
import { invalidateBilling, subscriptionKeys } from './query-keys';
import type { PlanType } from './subscription-status';

export type { PlanChangePreview, PlanChangeResponse };

export const planChangeKeys = {
  /** Under the subscription's keys: a change of subscription makes a preview stale too. */
  preview: (planType: PlanType) => [...subscriptionKeys.all, 'plan-change', planType] as const,
};

/** GET /api/subscription/plan-change?planType: what the change does and costs. */
export async function getPlanChangePreview(planType: PlanType, signal?: AbortSignal): Promise<PlanChangePreview> {
  return callRoute(subscriptionRoutes.previewPlanChange, { query: { planType }, signal });
}

/** POST /api/subscription/change-plan, with the preview's proration moment so the charge matches it. */
export async function changePlan(input: { planType: PlanType; prorationDate: string }): Promise<PlanChangeResponse> {
  return callRoute(subscriptionRoutes.changePlan, { body: input });
}

/** The preview; always asked again when the dialog opens (it is priced at this moment). */
export function usePlanChangePreview(planType: PlanType) {
  return useQuery({
    queryKey: planChangeKeys.preview(planType),
    queryFn: ({ signal }) => getPlanChangePreview(planType, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { errorMessage: 'Could not work out the plan change.' },
  });
}

/** Changes the plan; the subscription and the token balance are reloaded afterwards. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: (result) => {
      queryClient.setQueryData(subscriptionKeys.status(), result.status);
      invalidateBilling(queryClient);
    },
  });
}
