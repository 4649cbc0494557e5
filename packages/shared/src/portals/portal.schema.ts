import { z } from 'zod';

/** A row of the customer-portal picker (portal assignment of employees). */
export const portalPickerRowSchema = z.object({ id: z.number().int(), name: z.string() });
export type PortalPickerRow = z.infer<typeof portalPickerRowSchema>;
