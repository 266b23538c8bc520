import { CalendarConnectionSchema, CalendarConnectUrlSchema } from '@crm/domain';
import { assetProcedure, router } from '../../../../trpc/trpc.js';
import { calendarConnection, calendarConsentUrl, disconnectCalendar } from './calendar-connect.service.js';

// The lead page's 'Connect my Google Calendar' (per-user mode): the same calls as REST.
export const googleCalendarRouter = router({
  connection: assetProcedure
    .output(CalendarConnectionSchema)
    .query(async ({ ctx }) => ({ data: await calendarConnection(ctx.deps, ctx.actor) })),
  connect: assetProcedure
    .output(CalendarConnectUrlSchema)
    .mutation(async ({ ctx }) => ({ data: await calendarConsentUrl(ctx.deps, ctx.actor) })),
  disconnect: assetProcedure
    .output(CalendarConnectionSchema)
    .mutation(async ({ ctx }) => ({ data: await disconnectCalendar(ctx.deps, ctx.actor) })),
});
