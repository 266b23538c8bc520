import { z } from 'zod';
import { optionalId, optionalText, STORED_FILE_LIMITS } from '@crm/domain';

// The text fields of POST storage/upload's multipart body (beside the one `file` part). Unknown fields are
// refused like unknown JSON fields (docs/api.md 'Errors').
export const UploadFieldsSchema = z.strictObject({
  name: optionalText(STORED_FILE_LIMITS.NAME_MAX).transform((v) => v || undefined),
  category: optionalText(STORED_FILE_LIMITS.CATEGORY_MAX).transform((v) => v || undefined),
  asset: optionalId('Asset'),
  /** 'image' or 'document' (docs/product.md 'File picker and uploads'); default: from `accept`, else from the file's declared type. */
  mode: z.enum(['image', 'document'], { error: 'Mode must be image or document.' }).optional(),
  /** The picker's accept list ('image/*', or custom types 'image/png,image/webp'). */
  accept: z.string().max(500).optional(),
  isHidden: z
    .enum(['true', 'false'], { error: 'isHidden must be true or false.' })
    .transform((v) => v === 'true')
    .optional(),
});
export type UploadFields = z.infer<typeof UploadFieldsSchema>;
