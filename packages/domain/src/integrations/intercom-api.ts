import { z } from 'zod';

// Intercom REST API shapes we read (docs/api.md 'Intercom'), `Intercom-Version: 2.11`: data attributes, contacts,
// conversations. Extra fields are ignored.

export const INTERCOM_API_VERSION = '2.11';
export const INTERCOM_DATA_ATTRIBUTE_MODELS = ['contact', 'conversation'] as const;
export type IntercomDataAttributeModel = (typeof INTERCOM_DATA_ATTRIBUTE_MODELS)[number];

/** `GET /data_attributes?model=...`. */
export const IntercomDataAttributesAnswerSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      name: z.string(),
      full_name: z.string().optional(),
      label: z.string().optional(),
      description: z.string().nullish(),
      data_type: z.string().optional(),
      custom: z.boolean().optional(),
      archived: z.boolean().optional(),
      api_writable: z.boolean().optional(),
    }),
  ),
});

/** `GET integrations/intercom/contact-attributes-list` and `conversation-attributes-list`: one attribute. */
export const IntercomDataAttributeSchema = z.strictObject({
  name: z.string(),
  fullName: z.string(),
  label: z.string(),
  description: z.string().nullable(),
  dataType: z.string().nullable(),
  custom: z.boolean(),
  archived: z.boolean(),
  apiWritable: z.boolean(),
});
export type IntercomDataAttribute = z.infer<typeof IntercomDataAttributeSchema>;

const IntercomContactSchema = z.looseObject({ id: z.string(), external_id: z.string().nullish(), email: z.string().nullish() });

/** `POST /contacts/search`. */
export const IntercomContactListSchema = z.looseObject({ data: z.array(IntercomContactSchema) });
/** `POST /contacts`, `PUT /contacts/{id}`. */
export const IntercomContactAnswerSchema = IntercomContactSchema;

const IntercomAuthorSchema = z.looseObject({
  type: z.string().optional(),
  id: z.union([z.string(), z.number()]).nullish(),
  name: z.string().nullish(),
  email: z.string().nullish(),
});

const seconds = z.number().int();

/** A conversation as `POST /conversations/search` and `GET /conversations/{id}` answer it. */
export const IntercomConversationSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string().nullish(),
  created_at: seconds,
  updated_at: seconds.optional(),
  source: z
    .looseObject({
      id: z.union([z.string(), z.number()]).transform(String).optional(),
      body: z.string().nullish(),
      subject: z.string().nullish(),
      author: IntercomAuthorSchema.optional(),
    })
    .optional(),
  conversation_parts: z
    .looseObject({
      conversation_parts: z.array(
        z.looseObject({
          id: z.union([z.string(), z.number()]).transform(String),
          part_type: z.string().optional(),
          body: z.string().nullish(),
          created_at: seconds,
          author: IntercomAuthorSchema.optional(),
        }),
      ),
    })
    .optional(),
});
export type IntercomConversation = z.infer<typeof IntercomConversationSchema>;

export const IntercomConversationListSchema = z.looseObject({ conversations: z.array(IntercomConversationSchema) });

/** The customer's side of a conversation (user, lead, contact); admins, bots and teams are ours. */
export const isIntercomCustomerAuthor = (type: string | undefined) => type === 'user' || type === 'lead' || type === 'contact';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Intercom bodies are HTML: their text, paragraphs and line breaks kept as new lines. */
export function intercomText(html: string | null | undefined): string | null {
  if (!html) return null;
  const text = html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/\s*p\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text || null;
}

/** Intercom's error answer: `{ type: 'error.list', errors: [{ code, message }] }`. */
export const IntercomErrorAnswerSchema = z.looseObject({
  errors: z.array(z.looseObject({ code: z.string().optional(), message: z.string().optional() })).min(1),
});
