import {
  CUSTOMER_SEARCH_FIELDS,
  CUSTOMER_SEARCH_LIMIT,
  customerContract,
  paginatorMetaFor,
  type ContractRow,
  type PaginatorMeta,
} from '@crm/domain';
import { containsLiteral } from '../../resources/filter-compiler.js';
import { parseListFilter, planQuery } from '../../resources/query-plan.js';
import { authorize } from '../../resources/resource-access.js';
import { delegateOf } from '../../resources/resource-delegate.js';
import { asContractRow, serializeRow } from '../../resources/resource-serializer.js';
import type { ResourceCall } from '../../resources/resource.service.js';
import type { FieldDef, Where } from '../../resources/resource.types.js';
import { AppError } from '../../core/app-error.js';
import { customerResource } from './customer.resource.js';

// Customers' search, the lead form's lookup. Create, update and distinct are the generic engine's (customer.resource.ts
// holds their rules).

/** A typed phone ('+971 50-123 4567') as the digits stored in phoneNumber; null when the text is no phone. */
function phoneDigits(text: string): string | null {
  if (!/^[+\d\s\-().]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}

/**
 * GET customers/search (the lead form's customer lookup): the list filter (select, query, sort) narrowed by the typed
 * text over name, phone, email, sourceDataId and customerID, at most 40 rows. Phone and email are searched only
 * for callers who may see them: a match on a hidden field would reveal it.
 */
export async function searchCustomers(
  call: ResourceCall,
  rawFilter: unknown,
  keyword: string | undefined,
): Promise<{ data: ContractRow<typeof customerContract>[]; meta: PaginatorMeta }> {
  const def = customerResource;
  const access = authorize(def, call, 'read');
  const filter = parseListFilter(rawFilter);
  const limit = filter.limit !== undefined && filter.limit > 0 ? Math.min(filter.limit, CUSTOMER_SEARCH_LIMIT) : CUSTOMER_SEARCH_LIMIT;
  const plan = planQuery(def, { ...filter, limit }, access);
  const text = keyword?.trim() ?? '';
  if (text.length > 200) throw AppError.validation({ keyword: ['The search text is too long.'] });
  const where: Where = { AND: [...(plan.where.AND as Where[])] };
  if (text) {
    const fields = CUSTOMER_SEARCH_FIELDS.map((name) => def.fields.get(name)).filter(
      (f): f is FieldDef => !!f && (!f.sensitive || access.sensitive),
    );
    const or = fields.map((f) => containsLiteral(f.column, text));
    const digits = access.sensitive ? phoneDigits(text) : null;
    if (digits && digits !== text) or.push(containsLiteral('phoneNumber', digits));
    (where.AND as Where[]).push({ OR: or });
  }
  const model = delegateOf(call.deps.db, def.model);
  const [rows, total] = await Promise.all([
    model.findMany({ where, orderBy: plan.sort.orderBy, select: plan.selection.select, skip: plan.paging.offset, take: plan.paging.limit }),
    model.count({ where }),
  ]);
  return {
    data: rows.map((row) => asContractRow(customerContract, serializeRow(row, plan.selection))),
    meta: paginatorMetaFor(total, plan.paging),
  };
}
