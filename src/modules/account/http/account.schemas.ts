import { z } from 'zod';

export const deleteAccountBody = z.object({ email: z.string().trim().min(1, 'Type the account\'s email to confirm.').max(320) }).strict();
