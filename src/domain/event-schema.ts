// The body of POST /events/{id}/resend as a zod schema, loaded only where it is checked.
import * as z from 'zod/mini';
import { builtOnce, validateWith, type Validation } from './rules.js';

/** To one webhook, or (no body) to every webhook the event went to; built at first use (builtOnce). */
export const resendSchema = builtOnce(() =>
  z.strictObject(
    {
      webhook_id: z.optional(
        z.string({ error: 'must be a webhook id' }).check(z.minLength(1, { error: 'must be a webhook id' })),
      ),
    },
    { error: 'must be an object' },
  ),
);

export function validateResend(input: unknown): Validation<{ webhook_id?: string | undefined }> {
  return validateWith(resendSchema(), input);
}
