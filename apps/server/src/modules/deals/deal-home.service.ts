import { type DealsBehind, dealsBehindLink, type MyDealFigures } from '@crm/domain';
import type { Db } from '../../db/prisma.js';

// Home's deals of an agent (docs/product.md 'Home'): the open ones and their value, the ones won this month and their
// commission, each count opening the Deals list filtered to exactly them (dealsBehindLink).

export async function myDealFigures(
  db: Db,
  assetId: string,
  member: { id: string; name: string },
  thisMonth: { from: string; to: string },
): Promise<MyDealFigures> {
  const open: DealsBehind = { label: `${member.name}: open deals`, agent: member.id, outcome: 'open' };
  const won: DealsBehind = {
    label: `${member.name}: deals won this month`,
    agent: member.id,
    outcome: 'won',
    closedFrom: thisMonth.from,
    closedTo: thisMonth.to,
  };
  const [openSums, wonSums, asset] = await Promise.all([
    db.deal.aggregate({
      where: { assetId, agentId: member.id, outcome: 'open', deletedAt: null },
      _count: { _all: true },
      _sum: { value: true },
    }),
    db.deal.aggregate({
      where: {
        assetId,
        agentId: member.id,
        outcome: 'won',
        deletedAt: null,
        actualCloseDate: { gte: new Date(thisMonth.from), lte: new Date(thisMonth.to) },
      },
      _count: { _all: true },
      _sum: { commission: true },
    }),
    db.asset.findUniqueOrThrow({ where: { id: assetId }, select: { currencyCode: true } }),
  ]);
  return {
    open: { count: openSums._count._all, link: dealsBehindLink(open) },
    openValue: Number(openSums._sum.value ?? 0),
    wonThisMonth: { count: wonSums._count._all, link: dealsBehindLink(won) },
    commissionThisMonth: Number(wonSums._sum.commission ?? 0),
    currency: asset.currencyCode,
  };
}
