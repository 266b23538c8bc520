import { memberRatingContract } from '@crm/domain';
import { defineResource } from '../../resources/resource-define.js';

// Ratings of team members (GET/PATCH teams/members/ratings): the review screens and integrations write them.
export const memberRatingResource = defineResource(memberRatingContract, {
  model: 'memberRating',
  tag: 'teams',
  refs: {
    member: { model: 'teamMember' },
    customer: { model: 'customer' },
    lead: { model: 'lead' },
  },
});
