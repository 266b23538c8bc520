// What happened to a lead last, in the words the lead's "latest activity" shows (the Leads report, the lead page).
// The server stamps it on every write (apps/server/src/modules/leads/lead-writer.ts), from one of these events.

export type LeadEvent =
  | { kind: 'created' }
  | { kind: 'updated' }
  | { kind: 'assigned'; to: string }
  | { kind: 'accepted'; by: string }
  | { kind: 'claimed'; by: string }
  | { kind: 'enteredPool' }
  | { kind: 'escalated'; to: string | null }
  | { kind: 'stageChanged'; stage: string };

export function leadEventText(activity: LeadEvent): string {
  switch (activity.kind) {
    case 'created':
      return 'Lead created';
    case 'updated':
      return 'Lead updated';
    case 'assigned':
      return `Assigned to ${activity.to}`;
    case 'accepted':
      return `Accepted by ${activity.by}`;
    case 'claimed':
      return `Claimed from the lead pool by ${activity.by}`;
    case 'enteredPool':
      return 'Entered the lead pool';
    case 'escalated':
      return activity.to ? `Lead pool expired: assigned to ${activity.to}` : 'Lead pool expired: no manager found';
    case 'stageChanged':
      return `Stage changed to ${activity.stage}`;
  }
}
