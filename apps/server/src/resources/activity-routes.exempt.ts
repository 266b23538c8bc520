// Test-only, for activity-log-routes.test.ts: the mutating routes of the OpenAPI document that change no record of
// the company, each with the reason. A route listed here leaves no activity row and the test checks nothing of it,
// so the reason must say where its trace is instead (the access log, a job's own writes) or why there is none.

const SIGN_IN = 'a sign-in event, kept in the access log (Admin > Users Access Logs), not a record change';
const QUEUES_SYNC = "queues a provider sync job; the call changes no record (the sync's writes go through the services)";
const IMPORT_PREVIEW = 'reads the uploaded file and answers what an import would do; stores nothing';
const IMPORT_RUN = 'queues the import job; each row it writes goes through recordImporter, which logs it like any create or update';
const OWN_INBOX = "the caller's own notification inbox or mail choices, not a record of the company";
const OWN_TWO_FACTOR = "the caller's own second sign-in factor (security.test.ts): not a record an admin edits or a history shows";
const OWN_DEVICE = "the caller's own device token for push notifications (Firebase): a device signed in, not a record of the company";

export const NOT_RECORD_WRITES: Readonly<Record<string, string>> = {
  'auth.login': SIGN_IN,
  'auth.refresh': SIGN_IN,
  'auth.logout': SIGN_IN,
  'auth.register': 'a sign-up, kept in the access log (action register); it creates a new company whose history starts there',
  'auth.forgotPassword': 'mails a reset link (notification log) and writes the access log; no record changes',
  'auth.verifyToken': 'checks a reset link; stores nothing',
  'auth.resetPassword': "the user's own new password through a mailed link, kept in the access log (reset-password)",
  'auth.acceptInvite': "the invited user's own first password, kept in the access log (reset-password and login)",
  'profile.changePassword': "the caller's own password, kept in the access log (change-password)",
  'profile.changeActiveAsset': 'which asset the caller works in: a preference of the session, not a record',
  'profile.intercomHash': 'answers a signature for the support widget; stores nothing',
  'customers.quickLogin': "a customer's sign-in with a link; stores nothing",
  'members.signInWithLink': SIGN_IN,
  'leads.poolSla': 'answers the SLA dates a lead would get now; stores nothing',
  'leads.syncNow': QUEUES_SYNC,
  'leads.syncMultiple': QUEUES_SYNC,
  'leads.syncAgentLeads': QUEUES_SYNC,
  'leads.exportJobCreate': 'queues a file export of the Leads report; changes no record',
  'members.syncNow': QUEUES_SYNC,
  'members.syncMultiple': QUEUES_SYNC,
  'listings.syncNow': QUEUES_SYNC,
  'listings.syncMultiple': QUEUES_SYNC,
  'listings.importPreview': IMPORT_PREVIEW,
  'listings.importDryRun': IMPORT_PREVIEW,
  'listings.import': IMPORT_RUN,
  'projects.importPreview': IMPORT_PREVIEW,
  'projects.importDryRun': IMPORT_PREVIEW,
  'projects.import': IMPORT_RUN,
  'members.importPreview': IMPORT_PREVIEW,
  'members.importDryRun': IMPORT_PREVIEW,
  'members.import': IMPORT_RUN,
  'notifications.readAll': OWN_INBOX,
  'notifications.read': OWN_INBOX,
  'notifications.updatePreferences': OWN_INBOX,
  'twoFactor.setup': OWN_TWO_FACTOR,
  'twoFactor.enable': OWN_TWO_FACTOR,
  'twoFactor.disable': OWN_TWO_FACTOR,
  'twoFactor.recoveryCodes': OWN_TWO_FACTOR,
  'integrations.test': "tries the provider's connection and keeps the outcome as its status; the call is in the integration log",
  'integrations.webhook':
    "stores a provider's inbound event (integration log); the lead it carries is written by the partner-lead job through the lead writer, which logs it",
  'integrations.whatsappWebhook':
    "stores WhatsApp's signed events (integration log); the whatsapp-event job writes the messages, conversations, customers and leads they carry, each with its row",
  'integrations.sendgridWebhook':
    "stores SendGrid's signed events (integration log); the sendgrid-event job sets the email status of each customer it names, with the customer's row",
  'profile.registerPushToken': OWN_DEVICE,
  'profile.removePushToken': OWN_DEVICE,
  'googleCalendar.connect':
    "answers Google's consent address (a signed state) and stores nothing; Google's redirect (googleCalendar.oauthCallback) connects the calendar and logs it on the member",
};

/** GET routes that write: the document's GETs are reads except these (and the generic `restore`). */
export const WRITING_GETS: readonly string[] = ['listings.checkPermit', 'projects.permit', 'googleCalendar.oauthCallback'];
