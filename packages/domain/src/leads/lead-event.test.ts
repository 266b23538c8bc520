import { describe, expect, it } from 'vitest';
import { leadEventText } from './lead-event.js';

describe('a lead’s latest activity', () => {
  it('names what happened and to whom', () => {
    expect(leadEventText({ kind: 'created' })).toBe('Lead created');
    expect(leadEventText({ kind: 'assigned', to: 'Sara' })).toBe('Assigned to Sara');
    expect(leadEventText({ kind: 'claimed', by: 'Omar' })).toBe('Claimed from the lead pool by Omar');
    expect(leadEventText({ kind: 'escalated', to: 'Mona' })).toBe('Lead pool expired: assigned to Mona');
    expect(leadEventText({ kind: 'escalated', to: null })).toBe('Lead pool expired: no manager found');
    expect(leadEventText({ kind: 'stageChanged', stage: 'Viewing' })).toBe('Stage changed to Viewing');
  });
});
