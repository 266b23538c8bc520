import { describe, expect, it } from 'vitest';
import { customFieldContract } from '../custom-fields/custom-field.contract.js';
import { faqContract } from '../faqs/faq.contract.js';
import { projectContract } from '../projects/project.contract.js';
import { defineContract } from './contract.js';
import { baseFields, f } from './fields.js';
import { reorderCallOf } from './order.js';

const spec = {
  name: 'things',
  path: 'things',
  label: { one: 'thing', many: 'things' },
  scope: 'asset' as const,
  fields: { ...baseFields(), place: f.int({ label: 'Place', sortable: true }), name: f.string({ label: 'Name' }) },
  defaultSort: { field: 'place' as const, direction: 1 as const },
  permissions: { read: [] },
};
const names = { one: 'thing', many: 'things', within: 'asset' };

describe('the order fact', () => {
  it('derives the reorder calls the screens and integrators already use', () => {
    expect(faqContract.order && reorderCallOf(faqContract, faqContract.order)).toEqual({
      path: 'faqs/questions/order',
      procedure: 'reorder',
      operationId: 'faqs.reorder',
    });
    expect(customFieldContract.order && reorderCallOf(customFieldContract, customFieldContract.order).path).toBe(
      'properties/custom-fields/order',
    );
    expect(projectContract.order && reorderCallOf(projectContract, projectContract.order)).toEqual({
      path: 'properties/projects/:id/change-faqs-order',
      procedure: 'reorderFaqs',
      operationId: 'projects.reorderFaqs',
    });
  });

  it('stops a contract whose order names no int field, a json `within` or a list that is not json', () => {
    expect(() => defineContract({ ...spec, order: { field: 'place', names } })).not.toThrow();
    expect(() => defineContract({ ...spec, order: { field: 'name', names } })).toThrow(/not an int field/);
    expect(() => defineContract({ ...spec, order: { list: 'name', names } })).toThrow(/not a json field/);
  });
});
