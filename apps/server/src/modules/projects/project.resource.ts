import {
  MESSAGES,
  PROJECT_FIRST_TRANSLATION,
  PROJECT_MESSAGES,
  PROJECT_TRANSLATION_TEXT,
  ProjectTranslationsSchema,
  compactTranslations,
  projectContract,
  type ProjectTranslations,
} from '@crm/domain';
import { AppError } from '../../core/app-error.js';
import { Prisma } from '../../generated/prisma/client.js';
import { defineResource } from '../../resources/resource-define.js';
import type { Row, WriteHookInput } from '../../resources/resource.types.js';
import { STORED_FILE_COLUMNS } from '../storage/index.js';

/** The brochure is a PDF of the asset's Storage; its URL is kept beside it, cleared with it. */
async function brochureColumns({ tx, body, scope }: WriteHookInput): Promise<Row> {
  if (body.brochure === undefined) return {};
  if (!body.brochure || !scope.assetId) return { brochureUrl: null };
  const file = await tx.storedFile.findFirst({
    where: { id: String(body.brochure), assetId: scope.assetId, deletedAt: null },
    select: { url: true, mimeType: true, ext: true },
  });
  if (!file) throw AppError.validation({ brochure: [MESSAGES.record.notFound('Brochure')] });
  const pdf = file.mimeType === 'application/pdf' || file.ext?.toLowerCase().replace('.', '') === 'pdf';
  if (!pdf) throw AppError.validation({ brochure: [PROJECT_MESSAGES.brochurePdf] });
  return { brochureUrl: file.url };
}

const AR = PROJECT_FIRST_TRANSLATION;
const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
/** The column's value: the translations, or none (SQL NULL) when no language has a text. */
const stored = (translations: ProjectTranslations) => (Object.keys(translations).length ? translations : Prisma.DbNull);

/**
 * `translations` without empty texts, and the Arabic description kept in both places (`descriptionAr`, which the
 * detail and the feeds read, and `translations.ar.description`, which the website reads): whichever the body sends
 * sets the other; both, differing, is a 400.
 */
function translationColumns({ body, existing }: WriteHookInput): Row {
  if (body.translations !== undefined) {
    const translations = compactTranslations(body.translations as ProjectTranslations | null);
    const arabic = translations[AR]?.description ?? null;
    if (body.descriptionAr !== undefined && textOrNull(body.descriptionAr) !== arabic)
      throw AppError.validation({ descriptionAr: [PROJECT_TRANSLATION_TEXT.arabicDescriptionTwice] });
    return { translations: stored(translations), descriptionAr: arabic };
  }
  if (body.descriptionAr === undefined) return {};
  const before = ProjectTranslationsSchema.safeParse(existing?.translations ?? {});
  const current = before.success ? before.data : {};
  return {
    translations: stored(compactTranslations({ ...current, [AR]: { ...current[AR], description: textOrNull(body.descriptionAr) } })),
  };
}

const projectColumns = async (input: WriteHookInput): Promise<Row> => ({ ...(await brochureColumns(input)), ...translationColumns(input) });

// Off-plan projects. The parts the editor saves one tab at a time have their own calls (project.routes.ts).
export const projectResource = defineResource(projectContract, {
  customFieldKind: 'project',
  model: 'project',
  refs: { developer: { model: 'developer' }, brochure: { model: 'storedFile' } },
  populate: { brochure: { columns: STORED_FILE_COLUMNS } },
  hooks: { beforeCreate: projectColumns, beforeUpdate: projectColumns },
});
