// The timeline feature's public surface: the card the lead, customer and deal pages show, and the lead's 'Log activity'.
export { LogActivityButton } from './LogActivityButton';
export { TimelineCard, type TimelineCardProps } from './TimelineCard';
export { type TimelineOf, useRefreshTimeline } from './useTimeline';
