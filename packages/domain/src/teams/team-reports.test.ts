import { describe, expect, it } from 'vitest';
import { type BrokerRow, managerFigures, officeFigures, teamFigures } from './team-reports.js';

const row = (
  id: string,
  office: string | null,
  figures: Partial<BrokerRow> = {},
  member: Partial<BrokerRow['member']> = {},
): BrokerRow => ({
  member: { _id: id, name: id, officeName: office, enabled: true, isTest: false, reportedTo: null, ...member },
  leadsAssigned: 0,
  leadsAccepted: 0,
  claimedFromPool: 0,
  escalated: 0,
  escalatedToThem: 0,
  averageResponseTime: null,
  ratingAverage: null,
  ratingCount: 0,
  ...figures,
});

describe('team report figures', () => {
  it('adds up members, weighting the response time by leads accepted and the rating by ratings', () => {
    const total = teamFigures([
      row('a', 'Marina', { leadsAssigned: 10, leadsAccepted: 8, averageResponseTime: 10, ratingAverage: 5, ratingCount: 1 }),
      row('b', 'Marina', { leadsAssigned: 10, leadsAccepted: 2, averageResponseTime: 60, ratingAverage: 3, ratingCount: 3 }),
    ]);
    expect(total).toMatchObject({ members: 2, leadsAssigned: 20, leadsAccepted: 10, acceptanceRate: 50, averageResponseTime: 20 });
    expect(total.ratingAverage).toBe(3.5);
    expect(teamFigures([]).acceptanceRate).toBeNull();
  });

  it('ranks offices by leads accepted, leaves test agents out by default, and groups members with no office', () => {
    const rows = [
      row('a', 'Marina', { leadsAssigned: 5, leadsAccepted: 1 }),
      row('b', 'JLT', { leadsAssigned: 4, leadsAccepted: 3 }),
      row('t', 'JLT', { leadsAssigned: 50, leadsAccepted: 50 }, { isTest: true }),
      row('c', null, { leadsAssigned: 1 }),
    ];
    expect(officeFigures(rows).map((o) => [o.office, o.leadsAccepted, o.members])).toEqual([
      ['JLT', 3, 1],
      ['Marina', 1, 1],
      [null, 0, 1],
    ]);
    expect(officeFigures(rows, false)[0]).toMatchObject({ office: 'JLT', leadsAccepted: 53, members: 2 });
  });

  it("gives each manager their direct team's figures and the leads escalated to them", () => {
    const rows = [
      row('m', 'Head Office', { escalatedToThem: 4 }, { name: 'Mia' }),
      row('a', 'Marina', { leadsAssigned: 6, leadsAccepted: 3, escalated: 2 }, { reportedTo: 'm' }),
      row('b', 'Marina', { leadsAssigned: 2, leadsAccepted: 2 }, { reportedTo: 'm' }),
      row('x', 'Marina', { leadsAssigned: 9 }, { reportedTo: 'gone' }),
    ];
    expect(managerFigures(rows)).toEqual([
      expect.objectContaining({
        manager: expect.objectContaining({ _id: 'm' }),
        members: 2,
        leadsAssigned: 8,
        escalated: 2,
        escalatedToManager: 4,
      }),
    ]);
  });
});
