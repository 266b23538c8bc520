import {
  listLanguages,
  MESSAGES,
  PROJECT_TRANSLATED_FIELDS,
  PROJECT_TRANSLATION_TEXT as T,
  type ProjectTranslations,
  RIGHT_TO_LEFT_LANGUAGES,
} from '@crm/domain';
import { Typography } from 'antd';

const NAMES = new Map(listLanguages().map((language) => [language.code, language.name]));

/** The project's translations on its page: per language, the texts it has (Arabic right to left). */
export function ProjectTranslationsDetail({ translations }: { translations: ProjectTranslations | null | undefined }) {
  const languages = Object.entries(translations ?? {});
  if (!languages.length) return MESSAGES.record.empty;
  return (
    <div data-testid="project-translations">
      {languages.map(([code, texts]) => (
        <div key={code} style={{ marginBottom: 8 }}>
          <Typography.Text strong>{NAMES.get(code) ?? code}</Typography.Text>
          {PROJECT_TRANSLATED_FIELDS.filter((field) => texts?.[field]).map((field) => (
            <Typography.Paragraph key={field} style={{ margin: 0, whiteSpace: 'pre-line' }}>
              {T.fields[field]}:{' '}
              <span lang={code} {...(RIGHT_TO_LEFT_LANGUAGES.includes(code) ? { dir: 'rtl' } : {})}>
                {texts?.[field]}
              </span>
            </Typography.Paragraph>
          ))}
        </div>
      ))}
    </div>
  );
}
