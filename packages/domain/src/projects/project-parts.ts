import { z } from 'zod';
import { LIMITS } from '../constants/limits.constants.js';
import { AMENITIES } from '../leads/amenities.js';
import { UNIT_TYPES } from '../leads/unit-types.js';
import { MESSAGES } from '../messages/messages.js';
import { optionalText, requiredEnum, requiredText, RUN_EVEN_WITH_ISSUES, UUID_PATTERN } from '../validation/zod-helpers.js';
import { PERMIT_INTEGRATION } from '../listings/listing-enums.js';
import { PERMIT_STATUSES } from '../listings/listing-syndication.js';

// The parts of an off-plan project that its editor saves one tab at a time (SPEC 'Projects': payment-plans/{id},
// types/{id}, gallery/{id}...). Each part is a JSON shape checked here, so the browser and the server show the
// same messages, and answered inside the project record.

const M = MESSAGES.record;

export const PROJECT_MESSAGES = {
  milestonesTotal: (plan: string) => `The milestones of ${plan} must add up to 100%.`,
  sizeRange: 'The smallest size cannot be above the largest.',
  priceRange: 'The lowest price cannot be above the highest.',
  faqNotFound: 'Question not found',
  brochurePdf: 'The brochure must be a PDF file.',
  galleryImage: 'The gallery only takes images.',
  fileNotFound: 'File not found.',
  agentNotFound: 'Agent not found.',
  copyOf: (name: string) => `${name} (copy)`,
  duplicated: 'The project has been duplicated',
  /** The editor's tabs and the FAQ list. */
  partSaved: (what: string) => `${what} saved`,
  faqRemoved: 'Question removed',
  noFaqs: 'No questions yet.',
  faqOrderHint: 'Drag a question by its handle, or focus the handle and press Space, then the arrow keys, then Space to drop it.',
  moveFaq: (question: string) => `Move ${question}`,
  editFaq: (question: string) => `Edit ${question}`,
  removeFaq: (question: string) => `Remove ${question}`,
  removeFaqConfirm: 'Remove this question?',
} as const;

/** Where an off-plan project stands. */
export const PROJECT_STATUSES = ['Upcoming', 'Launched', 'Under Construction', 'Ready', 'Sold Out'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** The integration (IntegrationConfig.name) that checks Dubai advertising permits. */
/** The permit integration a project's check needs: the listings' (one Trakheesi integration per asset). */
export const PROJECT_PERMIT_INTEGRATION = PERMIT_INTEGRATION;

const id = (label: string) => z.string().regex(UUID_PATTERN, { error: MESSAGES.lead.invalidOption(label) });
const amount = z.number().min(0).max(LIMITS.MAX_BUDGET).nullable();
const size = z.number().min(0).max(1_000_000).nullable();

/** One unit type offered: '2 bedroom apartments from 1,100 to 1,400 sq ft, AED 1.9M to 2.4M'. */
export const UnitTypeDetailSchema = z
  .strictObject({
    type: requiredEnum(UNIT_TYPES, M.required('Type'), 'Type'),
    bedrooms: z.number().int().min(0).max(LIMITS.MAX_ROOMS).nullable(),
    minSize: size,
    maxSize: size,
    minPrice: amount,
    maxPrice: amount,
  })
  .superRefine((t, ctx) => {
    // Checked even when another field failed, so the form shows every problem at once.
    const above = (low: unknown, high: unknown) => typeof low === 'number' && typeof high === 'number' && low > high;
    if (above(t.minSize, t.maxSize)) ctx.addIssue({ code: 'custom', path: ['maxSize'], message: PROJECT_MESSAGES.sizeRange });
    if (above(t.minPrice, t.maxPrice)) ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: PROJECT_MESSAGES.priceRange });
  }, RUN_EVEN_WITH_ISSUES);
export type UnitTypeDetail = z.infer<typeof UnitTypeDetailSchema>;

export const MilestoneSchema = z.strictObject({
  percentage: z
    .number({ error: M.required('Percentage') })
    .gt(0)
    .max(100),
  /** When it is due, in the buyer's words: 'On booking', 'On completion', '6 months after handover'. */
  dueAt: requiredText(M.required('Due'), undefined, 200),
});
export const PaymentPlanSchema = z
  .strictObject({
    name: requiredText(M.required('Plan name'), undefined, 200),
    milestones: z
      .array(MilestoneSchema)
      .min(1, { error: M.required('A milestone') })
      .max(50),
  })
  .superRefine((plan, ctx) => {
    const total = plan.milestones.reduce((sum, m) => sum + m.percentage, 0);
    // Hundredths: 33.33 + 33.33 + 33.34 is a full plan.
    if (Math.round(total * 100) !== 10_000)
      ctx.addIssue({ code: 'custom', path: ['milestones'], message: PROJECT_MESSAGES.milestonesTotal(plan.name) });
  });
export type PaymentPlan = z.infer<typeof PaymentPlanSchema>;

/** A gallery image: the stored file and its URL, kept beside it so the record shows without a join. */
export const GalleryImageSchema = z.object({ file: z.string(), url: z.string() });
export type GalleryImage = z.infer<typeof GalleryImageSchema>;

/** The Dubai Land Department's registration of the project. */
export const DldDetailsSchema = z.object({
  projectNumber: z.string().nullable(),
  escrowBank: z.string().nullable(),
  escrowAccountNumber: z.string().nullable(),
});
export type DldDetails = z.infer<typeof DldDetailsSchema>;

/** One question of the project's FAQ, in its place. */
export const ProjectFaqSchema = z.object({
  _id: z.string(),
  question: z.string(),
  answer: z.string(),
  questionAr: z.string().nullable(),
  answerAr: z.string().nullable(),
  order: z.number().int(),
});
export type ProjectFaq = z.infer<typeof ProjectFaqSchema>;

// --- The bodies of the part calls -------------------------------------------------------------------------------

export const ProjectTypesInputSchema = z.strictObject({ types: z.array(UnitTypeDetailSchema).max(50) });
export const ProjectPaymentPlansInputSchema = z.strictObject({ paymentPlans: z.array(PaymentPlanSchema).max(20) });
export const ProjectGalleryInputSchema = z.strictObject({ gallery: z.array(id('Image')).max(100) });
export const ProjectAmenitiesInputSchema = z.strictObject({ amenities: z.array(z.enum(AMENITIES)).max(100) });
export const ProjectAgentsInputSchema = z.strictObject({ agents: z.array(id('Agent')).max(200) });
export const ProjectKeyPointsInputSchema = z.strictObject({
  keyPoints: z.array(requiredText(M.required('Key point'), undefined, 300)).max(30),
});

/** PATCH dld/{id}/{part}: the DLD project number, or the escrow account the buyers pay into. */
export const DLD_PARTS = ['project-number', 'escrow-account'] as const;
export type DldPart = (typeof DLD_PARTS)[number];
export const DldProjectNumberInputSchema = z.strictObject({ projectNumber: optionalText(50) });
export const DldEscrowInputSchema = z.strictObject({ escrowBank: optionalText(200), escrowAccountNumber: optionalText(50) });
export const DLD_PART_SCHEMAS = { 'project-number': DldProjectNumberInputSchema, 'escrow-account': DldEscrowInputSchema } as const;
/** Either DLD part's body: which one the path names decides what is checked. */
export const DldInputSchema = z.union([DldProjectNumberInputSchema, DldEscrowInputSchema]);

export const ProjectFaqHeadingInputSchema = z.strictObject({ faqHeading: optionalText(300), faqHeadingAr: optionalText(300) });
export const ProjectFaqInputSchema = z.strictObject({
  question: requiredText(M.required('Question'), undefined, 1000),
  answer: requiredText(M.required('Answer'), undefined, 5000),
  questionAr: optionalText(1000),
  answerAr: optionalText(5000),
});
export type ProjectFaqInput = z.infer<typeof ProjectFaqInputSchema>;
export const ProjectFaqUpdateSchema = ProjectFaqInputSchema.partial();
export const ProjectDuplicateInputSchema = z.strictObject({ id: id('Project') });

export const ProjectIdParamsSchema = z.object({ id: z.string() });
export const ProjectFaqParamsSchema = z.object({ id: z.string(), faqId: z.string() });
export const DldParamsSchema = z.object({ id: z.string(), part: z.enum(DLD_PARTS) });
export const PermitParamsSchema = z.object({ project: z.string(), permit: z.string().min(1).max(50) });

export const ProjectFaqHeadingSchema = z.object({ faqHeading: z.string().nullable(), faqHeadingAr: z.string().nullable() });
export const ProjectFaqResultSchema = z.object({ data: ProjectFaqSchema });
export const ProjectFaqHeadingResultSchema = z.object({ data: ProjectFaqHeadingSchema });

/** What a permit check answers: the permit, whether Trakheesi holds it as valid, and until when. */
export const ProjectPermitCheckSchema = z.object({
  permit: z.string(),
  valid: z.boolean(),
  status: z.enum(PERMIT_STATUSES),
  expiresAt: z.string().nullable(),
  checkedAt: z.string(),
});
export type ProjectPermitCheck = z.infer<typeof ProjectPermitCheckSchema>;
export const ProjectPermitCheckResultSchema = z.object({ data: ProjectPermitCheckSchema });
