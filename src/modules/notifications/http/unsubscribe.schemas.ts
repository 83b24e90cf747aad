import { z } from 'zod';

// The unsubscribe page's inputs: an HTML page and form, not a JSON call of src/contract.

export const unsubscribeQuery = z.object({ token: z.string().min(1).max(512) });

/** The confirmation page's form, or a mail client's RFC 8058 one-click POST (`List-Unsubscribe=One-Click`). */
export const unsubscribeForm = z.object({ scope: z.enum(['this', 'all']).optional(), 'List-Unsubscribe': z.string().max(64).optional() });
