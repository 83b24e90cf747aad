/** Whether the owner may be charged at all (an active, paid plan; always true with billing off). */
export interface SubscriptionGate {
  isActive(userId: string): Promise<boolean>;
}

export const SUBSCRIPTION_GATE = Symbol('SubscriptionGate');
