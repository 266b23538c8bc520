import { z } from 'zod';

// The Home page's answer (GET /api/home, docs/api.md 'Home'): one section per kind of reader, each null when the
// caller may not see it (docs/product.md 'Home'). Every count comes with the link to the list behind it.

const IsoDateTime = z.iso.datetime({ offset: true });

/** A count and the screen listing exactly the records it counts. */
export const HomeCountSchema = z.object({ count: z.number().int().nonnegative(), link: z.string() });
export type HomeCount = z.infer<typeof HomeCountSchema>;

/** A range of instants, both ends inclusive. */
export const HomeRangeSchema = z.object({ from: IsoDateTime, to: IsoDateTime });

const MemberNameSchema = z.object({ _id: z.uuid(), name: z.string() });

/** A lead waiting for its agent's acceptance; its SLA countdown runs to `initialSlaEndDate` (none when it has no SLA). */
export const AwaitingLeadSchema = z.object({
  _id: z.uuid(),
  leadID: z.string(),
  customerName: z.string().nullable(),
  initialSlaEndDate: IsoDateTime.nullable(),
  link: z.string(),
});
export type AwaitingLead = z.infer<typeof AwaitingLeadSchema>;

/** The caller's own work as an agent: the caller's team member in the asset. */
export const MyLeadFiguresSchema = z.object({
  member: MemberNameSchema,
  awaitingAcceptance: HomeCountSchema.extend({
    /** The first of them, soonest SLA end first (leads without an SLA last). */
    leads: z.array(AwaitingLeadSchema),
  }),
  /** The pool leads the caller may claim; null when the caller may not claim (not eligible, docs/leads.md 'SLA'). */
  pool: HomeCountSchema.nullable(),
  /** The caller's open leads with no task still to do and no viewing ahead (as of `asOf`). */
  noNextActivity: HomeCountSchema,
});
export type MyLeadFigures = z.infer<typeof MyLeadFiguresSchema>;

/** New leads of one source, this month and last month (the asset's calendar months). */
export const SourceFiguresSchema = z.object({ source: z.string(), thisMonth: HomeCountSchema, lastMonth: HomeCountSchema });

/** A member's mean response time over this month's assignments, and the link to the leads they accepted in it. */
export const ResponseTimeSchema = z.object({
  member: MemberNameSchema,
  /** Minutes; null when no assignment of the month was accepted. */
  averageResponseTime: z.number().nullable(),
  acceptedLink: z.string(),
});

/** The SLA and intake figures of a set of members: a manager's team, or the whole asset. */
export const LeadTeamFiguresSchema = z.object({
  members: z.number().int().nonnegative(),
  /** Leads whose initial SLA ended today (the asset's day, up to now) before their agent accepted them. */
  slaBreachesToday: HomeCountSchema,
  /** Leads that lapsed past the pool to a manager today, after an unaccepted assignment to one of the members. */
  escalationsToday: HomeCountSchema,
  today: HomeRangeSchema,
  thisMonth: HomeRangeSchema,
  lastMonth: HomeRangeSchema,
  /** Sources with a new lead in either month, most new leads this month first. */
  newLeadsBySource: z.array(SourceFiguresSchema),
  responseTimes: z.array(ResponseTimeSchema),
  /** The members' open leads with no task still to do and no viewing ahead (as of `asOf`). */
  noNextActivity: HomeCountSchema,
});
export type LeadTeamFigures = z.infer<typeof LeadTeamFiguresSchema>;

/** What went wrong today (Admin > System Logs' rows): jobs that failed for good, integration errors. */
export const SystemFiguresSchema = z.object({ failedJobs: HomeCountSchema, integrationErrors: HomeCountSchema });
export type SystemFigures = z.infer<typeof SystemFiguresSchema>;

/** The caller's own deals as an agent: open ones and their value, won this month and its commission (minor units). */
export const MyDealFiguresSchema = z.object({
  open: HomeCountSchema,
  openValue: z.number(),
  wonThisMonth: HomeCountSchema,
  commissionThisMonth: z.number(),
  currency: z.string(),
});
export type MyDealFigures = z.infer<typeof MyDealFiguresSchema>;

/** One stage of a pipeline: its open deals, their value and the value weighted by each deal's probability (minor units). */
export const PipelineStageFiguresSchema = z.object({
  stage: z.string(),
  label: z.string(),
  deals: HomeCountSchema,
  value: z.number(),
  weightedValue: z.number(),
});

/** A pipeline's open deals by stage, in the pipeline's order (closed stages left out). */
export const PipelineFiguresSchema = z.object({
  pipeline: z.string(),
  label: z.string(),
  stages: z.array(PipelineStageFiguresSchema),
});

/** The deals of a set of members (a manager's team, or the asset): the open pipeline and this month's wins. */
export const TeamDealFiguresSchema = z.object({
  pipelines: z.array(PipelineFiguresSchema),
  wonThisMonth: HomeCountSchema,
  wonValueThisMonth: z.number(),
  currency: z.string(),
});
export type TeamDealFigures = z.infer<typeof TeamDealFiguresSchema>;

/** The caller's own tasks as an agent (docs/product.md 'Activities'), each opening the Activities list of its bucket. */
export const MyTaskFiguresSchema = z.object({ overdue: HomeCountSchema, dueToday: HomeCountSchema });
export type MyTaskFigures = z.infer<typeof MyTaskFiguresSchema>;

export const HomeFiguresSchema = z.object({
  /** The moment the figures were read (ranges up to 'now' end here). */
  asOf: IsoDateTime,
  /** The asset's timezone: 'today' and the months are its days. */
  timezone: z.string(),
  myLeads: MyLeadFiguresSchema.nullable(),
  /** Null without DEALS_VIEW or a team member of the caller in the asset. */
  myDeals: MyDealFiguresSchema.nullable(),
  /** The members reporting to the caller (docs/product.md 'Team'); null without a team or the Leads report. */
  team: LeadTeamFiguresSchema.nullable(),
  /** Every member of the asset; null without the asset's lead settings (LEAD_SETTING_VIEW) and the Leads report. */
  asset: LeadTeamFiguresSchema.nullable(),
  /** The team's deals; null without DEALS_VIEW or a team. */
  teamDeals: TeamDealFiguresSchema.nullable(),
  /** The asset's deals; null without DEALS_VIEW and the asset's lead settings (LEAD_SETTING_VIEW). */
  assetDeals: TeamDealFiguresSchema.nullable(),
  /** Null without System Logs' permission. */
  system: SystemFiguresSchema.nullable(),
  /** Null without the activities' permission or a team member of the caller in the asset. */
  myTasks: MyTaskFiguresSchema.nullable().optional(),
});
export type HomeFigures = z.infer<typeof HomeFiguresSchema>;
