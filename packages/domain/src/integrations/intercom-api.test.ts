import { describe, expect, it } from 'vitest';
import { intercomText, isIntercomCustomerAuthor } from './intercom-api.js';

describe('intercomText', () => {
  it('keeps the text of an HTML body, its paragraphs and line breaks', () => {
    expect(intercomText('<p>Hello <b>there</b></p><p>Line&nbsp;two<br>and &amp; three</p>')).toBe('Hello there\nLine two\nand & three');
    expect(intercomText('<p></p>')).toBeNull();
    expect(intercomText(null)).toBeNull();
  });
  it('tells the customer’s side from ours', () => {
    expect(['user', 'lead', 'contact'].every((type) => isIntercomCustomerAuthor(type))).toBe(true);
    expect(['admin', 'bot', 'team', undefined].some((type) => isIntercomCustomerAuthor(type))).toBe(false);
  });
});
