import { z } from 'zod';
import { LANGUAGE_CODES } from '../lookups/geo.js';
import { optionalText } from '../validation/zod-helpers.js';

// A project's texts in other languages, for the website (docs/product.md 'New Projects'): per language code (ISO
// 639-1, never English: the project's own fields are English), its name, campaign name and description. Arabic
// reads right to left; its description is also the project's `descriptionAr`, kept equal by the server.

export const PROJECT_TRANSLATED_FIELDS = ['name', 'campaignName', 'description'] as const;
export type ProjectTranslatedField = (typeof PROJECT_TRANSLATED_FIELDS)[number];

/** The language every project is translated into first (the editor always shows it). */
export const PROJECT_FIRST_TRANSLATION = 'ar' as const;
/** Languages written right to left among the translation languages. */
export const RIGHT_TO_LEFT_LANGUAGES: readonly string[] = ['ar', 'fa', 'he', 'ur'];

export const TRANSLATION_LANGUAGES = LANGUAGE_CODES.filter((code) => code !== 'en');
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

export const PROJECT_TRANSLATION_TEXT = {
  tab: 'Translations',
  intro: "The project's name, campaign name and description in other languages, as the website shows them.",
  addLanguage: 'Add language',
  addLanguageLabel: 'Language to add',
  removeLanguage: (language: string) => `Remove ${language}`,
  languageHeading: (language: string) => `${language}`,
  fieldLabel: (field: string, language: string) => `${field} (${language})`,
  fields: { name: 'Name', campaignName: 'Campaign Name', description: 'Description' } satisfies Record<ProjectTranslatedField, string>,
  saved: 'Translations',
  arabicDescriptionTwice: 'The Arabic description differs from the Arabic translation’s: send one of them.',
} as const;

export const ProjectTranslationSchema = z.strictObject({
  name: optionalText(300),
  campaignName: optionalText(300),
  description: optionalText(20_000),
});
export type ProjectTranslation = z.infer<typeof ProjectTranslationSchema>;

/** `translations`: language code -> texts. A language no list offers (or English) is refused. */
export const ProjectTranslationsSchema = z.partialRecord(
  z.enum(TRANSLATION_LANGUAGES as unknown as [TranslationLanguage, ...TranslationLanguage[]]),
  ProjectTranslationSchema,
);
export type ProjectTranslations = z.infer<typeof ProjectTranslationsSchema>;

/** The Translations tab's body (`PATCH {id}` with only `translations`). */
export const ProjectTranslationsInputSchema = z.strictObject({ translations: ProjectTranslationsSchema });

/** The translations without empty texts or languages left with none (what is stored and compared). */
export function compactTranslations(translations: ProjectTranslations | null | undefined): ProjectTranslations {
  const out: ProjectTranslations = {};
  for (const [language, texts] of Object.entries(translations ?? {}) as [TranslationLanguage, ProjectTranslation | undefined][]) {
    const kept = Object.fromEntries(Object.entries(texts ?? {}).filter(([, text]) => typeof text === 'string' && text.trim() !== ''));
    if (Object.keys(kept).length) out[language] = kept;
  }
  return out;
}
