import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';

describe('MESSAGES templates', () => {
  it('fill their placeholders in the product wording', () => {
    expect(MESSAGES.app.switchAsset('Downtown Office')).toBe('Switch Asset To Downtown Office...');
    expect(MESSAGES.delete.confirm('lead')).toBe('Are you sure you want to delete this lead?');
    expect(MESSAGES.delete.success('lead')).toBe('Lead has been deleted successfully');
    expect(MESSAGES.delete.failure('customer')).toBe('An error occurred while deleting the Customer');
    expect(MESSAGES.upload.customTypes('PNG,SVG')).toBe('You can only upload PNG,SVG file!');
    expect(MESSAGES.common.emptyList('leads')).toBe('No leads found');
    expect(MESSAGES.common.andMore(3)).toBe('and 3 more');
    expect(MESSAGES.lead.atLeastZero('Min', 'bathrooms')).toBe('Min bathrooms should be at least 0.');
    expect(MESSAGES.lead.minGreaterThanMax('budget')).toBe('Min budget cannot be greater than Max budget.');
    expect(MESSAGES.lead.maxLessThanMin('bedrooms')).toBe('Max bedrooms cannot be less than Min bedrooms.');
    expect(MESSAGES.auth.passwordMinLength(8)).toBe('Password must be at least 8 characters.');
    expect(MESSAGES.delete.bulkConfirm(3, 'customers')).toBe('Are you sure you want to delete these 3 customers?');
    expect(MESSAGES.delete.bulkSuccess(3, 'customers')).toBe('3 customers have been deleted successfully');
    expect(MESSAGES.record.addTitle('customer')).toBe(MESSAGES.customer.drawerTitle);
    expect(MESSAGES.record.updateTitle('customer')).toBe('Update Customer');
    expect(MESSAGES.record.added('customer')).toBe(MESSAGES.customer.added);
    expect(MESSAGES.record.updated('customer')).toBe(MESSAGES.customer.updated);
    expect(MESSAGES.list.total(21, 40, 95)).toBe('21-40 of 95');
    expect(MESSAGES.list.view('customer', 'Omar Farouk')).toBe('View customer Omar Farouk');
  });
  it('keep the fixed texts word for word', () => {
    expect(MESSAGES.pages.forbidden).toBe('Sorry, you do not have permission to access this page. Please contact with your system admin.');
    expect(MESSAGES.pages.notFound).toBe('Sorry, the page you requested was not found.');
    expect(MESSAGES.app.offline).toBe('Please check you internet connection and try again');
    expect(MESSAGES.lead.notFound).toBe('Lead does not exists');
    expect(MESSAGES.lead.childUpdate).toBe('Cannot update a child lead.');
  });
});
