import { router } from '../../../trpc/trpc.js';
import { activeCampaignDoors } from './activecampaign/activecampaign.calls.js';
import { firebaseDoors } from './firebase/firebase.calls.js';
import { sendGridDoors } from './sendgrid/sendgrid.calls.js';
import { tinyUrlDoors } from './tinyurl/tinyurl.calls.js';
import { zapierDoors } from './zapier/zapier.calls.js';

// SendGrid, ActiveCampaign, Firebase, TinyURL and Zapier, the tRPC doors of their declared calls (`marketing.*`).
export const marketingRouter = router({
  ...sendGridDoors.procedures,
  ...activeCampaignDoors.procedures,
  ...zapierDoors.procedures,
  ...firebaseDoors.procedures,
  ...tinyUrlDoors.procedures,
});
