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
  responseTimeCount: 0,
  responseTimeTotal: 0,
  ratingAverage: null,
  ratingCount: 0,
  dealsWon: 0,
  dealsWonValue: 0,
  ...figures,
});

describe('team report figures', () => {
  it("adds up members' won deals and their value in minor units", () => {
    const total = teamFigures([
      row('a', 'Marina', { dealsWon: 2, dealsWonValue: 480_000_01 }),
      row('b', 'Marina', { dealsWon: 1, dealsWonValue: 99 }),
    ]);
    expect(total).toMatchObject({ dealsWon: 3, dealsWonValue: 480_001_00 });
  });

  it('adds up members: the response time is the mean of all their response times, the rating weighted by ratings', () => {
    const total = teamFigures([
      row('a', 'Marina', {
        leadsAssigned: 10,
        leadsAccepted: 8,
        averageResponseTime: 10,
        responseTimeCount: 8,
        responseTimeTotal: 80,
        ratingAverage: 5,
        ratingCount: 1,
      }),
      row('b', 'Marina', {
        leadsAssigned: 10,
        leadsAccepted: 2,
        averageResponseTime: 60,
        responseTimeCount: 2,
        responseTimeTotal: 120,
        ratingAverage: 3,
        ratingCount: 3,
      }),
    ]);
    expect(total).toMatchObject({ members: 2, leadsAssigned: 20, leadsAccepted: 10, acceptanceRate: 50, averageResponseTime: 20 });
    expect(total.ratingAverage).toBe(3.5);
    expect(teamFigures([]).acceptanceRate).toBeNull();
    expect(teamFigures([]).averageResponseTime).toBeNull();
  });

  it('counts the response times themselves, not the leads accepted: acceptances without a response time do not weigh', () => {
    // Ann accepted 10 leads, 2 of them with a response time (an acceptance imported without one): 1 and 3 minutes.
    // Bob accepted 2, in 30 and 50 minutes. The true mean is (1 + 3 + 30 + 50) / 4 = 21.
    const ann = row('a', 'Marina', { leadsAccepted: 10, averageResponseTime: 2, responseTimeCount: 2, responseTimeTotal: 4 });
    const bob = row('b', 'Marina', { leadsAccepted: 2, averageResponseTime: 40, responseTimeCount: 2, responseTimeTotal: 80 });
    expect(teamFigures([ann, bob]).averageResponseTime).toBe(21);
    // Weighted by leads accepted it would have read (2 * 10 + 40 * 2) / 12 = 8.33.
    expect(officeFigures([ann, bob])[0]?.averageResponseTime).toBe(21);
    // A mean of rounded means would drift too: 1/3 + 1/3 + 1/3 minutes is 1 minute over 3, i.e. 0.33 each.
    const thirds = [1, 2, 3].map((i) => row(`t${i}`, 'JLT', { responseTimeCount: 3, responseTimeTotal: 1, averageResponseTime: 0.33 }));
    expect(teamFigures(thirds).averageResponseTime).toBe(0.33);
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
