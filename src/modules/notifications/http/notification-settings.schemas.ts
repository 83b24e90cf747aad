import { z } from 'zod';

export const notificationSettingsBody = z
  .object({ lowBalance: z.boolean(), heldMail: z.boolean(), refusedSender: z.boolean(), failedMail: z.boolean(), documentContinued: z.boolean() })
  .partial()
  .strict();

export const unsubscribeQuery = z.object({ token: z.string().min(1).max(512) });

/** The confirmation page's form, or a mail client's RFC 8058 one-click POST (`List-Unsubscribe=One-Click`). */
export const unsubscribeForm = z.object({ scope: z.enum(['this', 'all']).optional(), 'List-Unsubscribe': z.string().max(64).optional() });
