import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  listLanguages,
  PROJECT_FIRST_TRANSLATION,
  PROJECT_TRANSLATED_FIELDS,
  PROJECT_TRANSLATION_TEXT as T,
  ProjectTranslationsInputSchema,
  RIGHT_TO_LEFT_LANGUAGES,
  TRANSLATION_LANGUAGES,
  type TranslationLanguage,
} from '@crm/domain';
import { Button, Card, Col, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { trpc } from '../../app/trpc';
import type { ProjectRecord } from './project-record';
import { PartForm } from './PartForm';
import { SCREEN_SHOWS_ERROR } from '../../kit/api/mutation-errors';

const NAMES = new Map(listLanguages().map((language) => [language.code, language.name]));
const nameOf = (code: string) => NAMES.get(code) ?? code;
const isLanguage = (code: string): code is TranslationLanguage => (TRANSLATION_LANGUAGES as readonly string[]).includes(code);

/** One language's texts; right-to-left languages (Arabic) are typed and shown right to left. */
function LanguageFields({ code, onRemove }: { code: TranslationLanguage; onRemove?: () => void }) {
  const language = nameOf(code);
  const direction = RIGHT_TO_LEFT_LANGUAGES.includes(code) ? { dir: 'rtl', lang: code } : { lang: code };
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={
        <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
          {T.languageHeading(language)}
        </Typography.Title>
      }
      extra={
        onRemove ? (
          <Button size="small" danger icon={<DeleteOutlined aria-hidden />} onClick={onRemove} aria-label={T.removeLanguage(language)} />
        ) : null
      }
      data-testid={`translation-${code}`}
    >
      <Row gutter={16}>
        {PROJECT_TRANSLATED_FIELDS.map((field) => (
          <Col key={field} xs={24} md={field === 'description' ? 24 : 12}>
            <Form.Item name={['translations', code, field]} label={T.fieldLabel(T.fields[field], language)}>
              {field === 'description' ? <Input.TextArea rows={4} {...direction} /> : <Input autoComplete="off" {...direction} />}
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/**
 * The editor's Translations tab: the project's name, campaign name and description per language (Arabic always,
 * others added from the language list), saved together as `translations` by the project's update.
 */
export function TranslationsTab({ project }: { project: ProjectRecord }) {
  const [form] = Form.useForm();
  const utils = trpc.useUtils();
  const update = trpc.projects.update.useMutation({ meta: SCREEN_SHOWS_ERROR, onSuccess: () => utils.projects.invalidate() });
  const stored = project.translations ?? {};
  const [languages, setLanguages] = useState<TranslationLanguage[]>(() => [
    PROJECT_FIRST_TRANSLATION,
    ...Object.keys(stored).filter((code): code is TranslationLanguage => isLanguage(code) && code !== PROJECT_FIRST_TRANSLATION),
  ]);
  const [adding, setAdding] = useState<TranslationLanguage | null>(null);
  const options = useMemo(
    () => TRANSLATION_LANGUAGES.filter((code) => !languages.includes(code)).map((code) => ({ value: code, label: nameOf(code) })),
    [languages],
  );
  const remove = (code: TranslationLanguage) => {
    const { [code]: _gone, ...rest } = form.getFieldValue('translations') ?? {};
    form.setFieldValue('translations', rest);
    setLanguages((current) => current.filter((other) => other !== code));
  };
  return (
    <PartForm
      form={form}
      schema={ProjectTranslationsInputSchema}
      initialValues={{ translations: stored }}
      save={(data) => update.mutateAsync({ id: project._id, data })}
      what={T.saved}
    >
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      {languages.map((code) => (
        <LanguageFields key={code} code={code} {...(code === PROJECT_FIRST_TRANSLATION ? {} : { onRemove: () => remove(code) })} />
      ))}
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<TranslationLanguage>
          aria-label={T.addLanguageLabel}
          placeholder={T.addLanguageLabel}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 220 }}
          options={options}
          value={adding}
          onChange={setAdding}
        />
        <Button
          icon={<PlusOutlined aria-hidden />}
          disabled={!adding}
          onClick={() => {
            if (adding) setLanguages((current) => [...current, adding]);
            setAdding(null);
          }}
        >
          {T.addLanguage}
        </Button>
      </Space>
    </PartForm>
  );
}
