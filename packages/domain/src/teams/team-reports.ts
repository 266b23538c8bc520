import { type BrokerStatistics, roundTwo } from './member-calls.schemas.js';

// The Managers and Offices reports (docs/product.md 'Team'): the Brokers report's figures per member, added up per
// manager's team and per office. Means are the team's true means: the response times' total over their count (not
// each member's mean weighted by leads accepted, which an acceptance without a response time would skew), a rating
// by the ratings.

export type BrokerRow = BrokerStatistics['agents'][number];

export interface TeamFigures {
  members: number;
  /** The members added up (their leads are what a figure's click-through lists). */
  memberIds: string[];
  leadsAssigned: number;
  leadsAccepted: number;
  claimedFromPool: number;
  escalated: number;
  /** Accepted of assigned, in percent (2 decimals); null with nothing assigned. */
  acceptanceRate: number | null;
  averageResponseTime: number | null;
  ratingAverage: number | null;
  ratingCount: number;
  dealsWon: number;
  /** Minor units. */
  dealsWonValue: number;
}

export interface OfficeFigures extends TeamFigures {
  office: string | null;
}

export interface ManagerFigures extends TeamFigures {
  manager: BrokerRow['member'];
  /** Leads that lapsed past the pool to the manager in the range. */
  escalatedToManager: number;
}

/** Adds up members' rows (test agents left out unless asked). */
export function teamFigures(rows: readonly BrokerRow[]): TeamFigures {
  let responseCount = 0;
  let responseTotal = 0;
  let ratingSum = 0;
  const total: TeamFigures = {
    members: rows.length,
    memberIds: rows.map((row) => row.member._id),
    leadsAssigned: 0,
    leadsAccepted: 0,
    claimedFromPool: 0,
    escalated: 0,
    acceptanceRate: null,
    averageResponseTime: null,
    ratingAverage: null,
    ratingCount: 0,
    dealsWon: 0,
    dealsWonValue: 0,
  };
  for (const row of rows) {
    total.leadsAssigned += row.leadsAssigned;
    total.leadsAccepted += row.leadsAccepted;
    total.claimedFromPool += row.claimedFromPool;
    total.escalated += row.escalated;
    total.ratingCount += row.ratingCount;
    total.dealsWon += row.dealsWon;
    total.dealsWonValue += row.dealsWonValue;
    responseCount += row.responseTimeCount;
    responseTotal += row.responseTimeTotal;
    if (row.ratingAverage !== null) ratingSum += row.ratingAverage * row.ratingCount;
  }
  total.acceptanceRate = total.leadsAssigned ? roundTwo((total.leadsAccepted / total.leadsAssigned) * 100) : null;
  total.averageResponseTime = responseCount ? roundTwo(responseTotal / responseCount) : null;
  total.ratingAverage = total.ratingCount ? roundTwo(ratingSum / total.ratingCount) : null;
  return total;
}

const withoutTests = (rows: readonly BrokerRow[], excludeTestAgents: boolean) =>
  excludeTestAgents ? rows.filter((row) => !row.member.isTest) : rows;

/** Offices side by side, ranked by leads accepted (then assigned, then name); members without an office together. */
export function officeFigures(rows: readonly BrokerRow[], excludeTestAgents = true): OfficeFigures[] {
  const byOffice = new Map<string | null, BrokerRow[]>();
  for (const row of withoutTests(rows, excludeTestAgents)) {
    const list = byOffice.get(row.member.officeName) ?? [];
    list.push(row);
    byOffice.set(row.member.officeName, list);
  }
  return [...byOffice.entries()]
    .map(([office, members]) => ({ office, ...teamFigures(members) }))
    .sort(
      (a, b) =>
        b.leadsAccepted - a.leadsAccepted ||
        b.leadsAssigned - a.leadsAssigned ||
        (a.office ?? '\uffff').localeCompare(b.office ?? '\uffff'),
    );
}

/** Each manager (a member others report to) with their direct team's figures and the leads escalated to them. */
export function managerFigures(rows: readonly BrokerRow[], excludeTestAgents = true): ManagerFigures[] {
  const kept = withoutTests(rows, excludeTestAgents);
  const byId = new Map(rows.map((row) => [row.member._id, row]));
  const teams = new Map<string, BrokerRow[]>();
  for (const row of kept) {
    if (!row.member.reportedTo) continue;
    const team = teams.get(row.member.reportedTo) ?? [];
    team.push(row);
    teams.set(row.member.reportedTo, team);
  }
  return [...teams.entries()]
    .flatMap(([managerId, team]) => {
      const manager = byId.get(managerId);
      return manager ? [{ manager: manager.member, escalatedToManager: manager.escalatedToThem, ...teamFigures(team) }] : [];
    })
    .sort((a, b) => a.manager.name.localeCompare(b.manager.name));
}
