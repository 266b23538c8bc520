import type { IntegrationStatus } from '@crm/domain';

// How a status reads on a card and in the drawer: always as text, the colour only repeats it.
export const STATUS_TAGS: Record<IntegrationStatus, { text: string; color: string }> = {
  not_configured: { text: 'Not configured', color: 'default' },
  configured: { text: 'Not tested', color: 'blue' },
  connected: { text: 'Connected', color: 'green' },
  error: { text: 'Error', color: 'red' },
};
