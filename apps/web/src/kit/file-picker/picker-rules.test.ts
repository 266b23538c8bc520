import { MESSAGES, validateUpload } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import { acceptOf, browsableTypesOf, hintOf, rulesForFile } from './picker-rules';

const MB = 1024 * 1024;
const check = (types: Parameters<typeof rulesForFile>[0], type: string, size = 1) =>
  validateUpload({ type, size }, rulesForFile(types, type));

describe('the picker in image mode', () => {
  const image = { mode: 'image' } as const;
  it('takes JPG, SVG, PNG and WEBP up to 10 MB, with the exact refusals', () => {
    for (const type of ['image/jpeg', 'image/svg+xml', 'image/png', 'image/webp']) expect(check(image, type)).toEqual({ ok: true });
    expect(check(image, 'application/pdf')).toEqual({ ok: false, message: 'You can only upload JPG,SVG,PNG,WEBP file!' });
    expect(check(image, 'image/gif')).toEqual({ ok: false, message: MESSAGES.upload.imageTypes });
    expect(check(image, 'image/png', 10 * MB + 1)).toEqual({ ok: false, message: 'Image can be upto 10MB!' });
    expect(acceptOf(image)).toBe('image/jpeg,image/png,image/svg+xml,image/webp');
    expect(browsableTypesOf(image)).toEqual(['image/jpeg', 'image/png', 'image/svg+xml', 'image/webp']);
    expect(hintOf(image)).toBe('JPG, SVG, PNG or WEBP, up to 10MB.');
  });
  it('narrows to custom types, naming their extensions', () => {
    const custom = { mode: 'image', allowedTypes: ['image/png', 'image/webp'] } as const;
    expect(check(custom, 'image/jpeg')).toEqual({ ok: false, message: 'You can only upload PNG,WEBP file!' });
    expect(check(custom, 'image/webp')).toEqual({ ok: true });
    expect(acceptOf(custom)).toBe('image/png,image/webp');
    expect(browsableTypesOf(custom)).toEqual(['image/png', 'image/webp']);
  });
});

describe('the picker in document mode', () => {
  const document = { mode: 'document' } as const;
  it('takes PDF, DOCX and JSON up to 10 MB', () => {
    expect(check(document, 'application/pdf')).toEqual({ ok: true });
    expect(check(document, 'image/png')).toEqual({ ok: false, message: 'You can only upload PDF,DOCX and JSON file!' });
    expect(check(document, 'application/json', 10 * MB + 1)).toEqual({ ok: false, message: 'Document can be upto 10MB!' });
    expect(hintOf(document)).toBe('PDF, DOCX or JSON, up to 10MB.');
    expect(browsableTypesOf(document)).toHaveLength(3);
  });
});

describe("the Storage screen's upload (any type)", () => {
  const any = { mode: 'any' } as const;
  it('checks each file in the mode of its type', () => {
    expect(rulesForFile(any, 'image/png')).toEqual({ mode: 'image' });
    expect(rulesForFile(any, 'application/pdf')).toEqual({ mode: 'document' });
    expect(check(any, 'image/gif')).toEqual({ ok: false, message: MESSAGES.upload.imageTypes });
    expect(check(any, 'text/plain')).toEqual({ ok: false, message: MESSAGES.upload.documentTypes });
    expect(check(any, 'application/pdf', 10 * MB + 1)).toEqual({ ok: false, message: MESSAGES.upload.documentSize });
    expect(browsableTypesOf(any)).toBeUndefined();
    expect(acceptOf(any).split(',')).toHaveLength(7);
  });
});
