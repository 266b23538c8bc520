import {
  PROJECT_MESSAGES,
  type ProjectFaq,
  type ProjectFaqHeadingInputSchema,
  type ProjectFaqInputSchema,
  ProjectFaqSchema,
  type ProjectFaqUpdateSchema,
} from '@crm/domain';
import { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { DbTx } from '../../db/prisma.js';
import { timeOrderedId } from '../../db/time-ordered-id.js';
import { authorize } from '../../resources/resource-access.js';
import type { ResourceCall } from '../../resources/resource.service.js';
import type { Row } from '../../resources/resource.types.js';
import { lockedProject, logProjectChange, type ProjectRecord, projectRecord } from './project-record.js';
import { projectResource } from './project.resource.js';
import { withUnitOfWork } from '../../resources/unit-of-work.js';

// A project's own FAQ (its page's questions, apart from the asset's FAQ screen): a heading in English and Arabic
// and ordered questions, kept in the project's `faqs` column and changed one question at a time. Their reorder is
// the engine's (resources/resource-order.ts), from the project contract's order fact.

const StoredFaqs = z.array(ProjectFaqSchema);

/** The stored questions in their order (a column written only by this file, so a parse failure is a bug). */
export function faqsOf(project: { faqs: unknown }): ProjectFaq[] {
  return StoredFaqs.parse(project.faqs ?? []).sort((a, b) => a.order - b.order);
}

/** Positions 0..n-1 in the given order: a removal or a drag leaves no gap. */
const renumbered = (faqs: ProjectFaq[]) => faqs.map((faq, order) => ({ ...faq, order }));

function faqNotFound(): AppError {
  return AppError.notFound(PROJECT_MESSAGES.faqNotFound);
}

/** Changes the questions of a project of the caller's asset under its row lock, then answers the project. */
async function changeFaqs(
  call: ResourceCall,
  id: string,
  change: (faqs: ProjectFaq[], tx: DbTx) => ProjectFaq[] | Row,
): Promise<ProjectRecord> {
  const access = authorize(projectResource, call, 'update');
  await withUnitOfWork(call.deps, call.actor, async (uow) => {
    const { tx } = uow;
    const project = await lockedProject(uow, access, id);
    const changed = change(faqsOf(project), tx);
    const data = Array.isArray(changed) ? { faqs: renumbered(changed) } : changed;
    await logProjectChange(uow, project, data);
    await tx.project.update({
      where: { id: project.id },
      data: { ...data, updatedById: call.actor.userId } as Prisma.ProjectUncheckedUpdateInput,
    });
  });
  return projectRecord(call, id);
}

/** POST {id}/faq: a new question, last. */
export function addProjectFaq(call: ResourceCall, id: string, input: z.output<typeof ProjectFaqInputSchema>): Promise<ProjectRecord> {
  return changeFaqs(call, id, (faqs) => [
    ...faqs,
    {
      _id: timeOrderedId(),
      question: input.question,
      answer: input.answer,
      questionAr: input.questionAr ?? null,
      answerAr: input.answerAr ?? null,
      order: faqs.length,
    },
  ]);
}

/** PATCH {id}/faq/{faqId}: the fields sent, in place. */
export function updateProjectFaq(
  call: ResourceCall,
  id: string,
  faqId: string,
  input: z.output<typeof ProjectFaqUpdateSchema>,
): Promise<ProjectRecord> {
  return changeFaqs(call, id, (faqs) => {
    if (!faqs.some((faq) => faq._id === faqId)) throw faqNotFound();
    return faqs.map((faq) =>
      faq._id === faqId
        ? {
            ...faq,
            ...(input.question !== undefined ? { question: input.question } : {}),
            ...(input.answer !== undefined ? { answer: input.answer } : {}),
            ...(input.questionAr !== undefined ? { questionAr: input.questionAr } : {}),
            ...(input.answerAr !== undefined ? { answerAr: input.answerAr } : {}),
          }
        : faq,
    );
  });
}

/** DELETE {id}/faq/{faqId}. */
export function removeProjectFaq(call: ResourceCall, id: string, faqId: string): Promise<ProjectRecord> {
  return changeFaqs(call, id, (faqs) => {
    if (!faqs.some((faq) => faq._id === faqId)) throw faqNotFound();
    return faqs.filter((faq) => faq._id !== faqId);
  });
}

/** PATCH {id}/faq/heading: the heading over the questions, in English and Arabic. */
export function saveProjectFaqHeading(
  call: ResourceCall,
  id: string,
  input: z.output<typeof ProjectFaqHeadingInputSchema>,
): Promise<ProjectRecord> {
  return changeFaqs(call, id, () => ({
    ...(input.faqHeading !== undefined ? { faqHeading: input.faqHeading } : {}),
    ...(input.faqHeadingAr !== undefined ? { faqHeadingAr: input.faqHeadingAr } : {}),
  }));
}

/** GET {id}/faq/heading. */
export async function projectFaqHeading(call: ResourceCall, id: string) {
  const project = await projectRecord(call, id);
  return { faqHeading: project.faqHeading, faqHeadingAr: project.faqHeadingAr };
}

/** GET {id}/faq/{faqId}: one question of a project of the caller's asset. */
export async function projectFaq(call: ResourceCall, id: string, faqId: string): Promise<ProjectFaq> {
  const project = await projectRecord(call, id);
  const faq = (project.faqs ?? []).find((item) => item._id === faqId);
  if (!faq) throw faqNotFound();
  return faq;
}
