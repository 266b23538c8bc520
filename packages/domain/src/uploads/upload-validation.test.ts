import { describe, expect, it } from 'vitest';
import { acceptListOf, extensionOfMime, storedFileTypeOf, uploadHintOf, uploadModeForAccept, validateUpload } from './upload-validation.js';

const MB = 1024 * 1024;

describe('validateUpload, image mode', () => {
  const image = { mode: 'image' } as const;
  it('accepts jpeg, png, svg+xml and webp up to exactly 10 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/svg+xml', 'image/webp', 'IMAGE/PNG']) {
      expect(validateUpload({ type, size: 10 * MB }, image)).toEqual({ ok: true });
    }
  });
  it('refuses other types with the exact message', () => {
    expect(validateUpload({ type: 'image/gif', size: 1 }, image)).toEqual({
      ok: false,
      message: 'You can only upload JPG,SVG,PNG,WEBP file!',
    });
    expect(validateUpload({ type: '', size: 1 }, image)).toEqual({ ok: false, message: 'You can only upload JPG,SVG,PNG,WEBP file!' });
  });
  it('refuses one byte over 10 MB', () => {
    expect(validateUpload({ type: 'image/png', size: 10 * MB + 1 }, image)).toEqual({ ok: false, message: 'Image can be upto 10MB!' });
  });
  it('reports the type before the size', () => {
    expect(validateUpload({ type: 'image/gif', size: 50 * MB }, image)).toEqual({
      ok: false,
      message: 'You can only upload JPG,SVG,PNG,WEBP file!',
    });
  });
  it('names the custom types in the message', () => {
    const rules = { mode: 'image', allowedTypes: ['image/png', 'image/svg+xml'] } as const;
    expect(validateUpload({ type: 'image/png', size: 1 }, rules)).toEqual({ ok: true });
    expect(validateUpload({ type: 'image/jpeg', size: 1 }, rules)).toEqual({ ok: false, message: 'You can only upload PNG,SVG file!' });
  });
});

describe('validateUpload, document mode', () => {
  const doc = { mode: 'document' } as const;
  it('accepts pdf, docx and json up to exactly 10 MB', () => {
    for (const type of ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/json']) {
      expect(validateUpload({ type, size: 10 * MB }, doc)).toEqual({ ok: true });
    }
  });
  it('refuses other types and oversized documents with the exact messages', () => {
    expect(validateUpload({ type: 'application/msword', size: 1 }, doc)).toEqual({
      ok: false,
      message: 'You can only upload PDF,DOCX and JSON file!',
    });
    expect(validateUpload({ type: 'image/png', size: 1 }, doc)).toEqual({
      ok: false,
      message: 'You can only upload PDF,DOCX and JSON file!',
    });
    expect(validateUpload({ type: 'application/pdf', size: 10 * MB + 1 }, doc)).toEqual({
      ok: false,
      message: 'Document can be upto 10MB!',
    });
  });
});

describe('upload helpers', () => {
  it('chooses image mode when accept includes images', () => {
    expect(uploadModeForAccept('image/*')).toBe('image');
    expect(uploadModeForAccept('.pdf,image/png')).toBe('image');
    expect(uploadModeForAccept('.pdf,.docx')).toBe('document');
    expect(uploadModeForAccept(undefined)).toBe('document');
  });
  it('names extensions and stored file types', () => {
    expect(extensionOfMime('image/jpeg')).toBe('JPG');
    expect(extensionOfMime('image/svg+xml')).toBe('SVG');
    expect(storedFileTypeOf('image/webp')).toBe('image');
    expect(storedFileTypeOf('application/pdf')).toBe('other');
  });
});

describe('the picker input', () => {
  it('accepts the mode types, or the custom image types', () => {
    expect(acceptListOf({ mode: 'image' })).toBe('image/jpeg,image/png,image/svg+xml,image/webp');
    expect(acceptListOf({ mode: 'image', allowedTypes: ['image/png'] })).toBe('image/png');
    expect(acceptListOf({ mode: 'document' })).toBe(
      'application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/json',
    );
  });
  it('says what the mode takes', () => {
    expect(uploadHintOf({ mode: 'image' })).toBe('JPG, SVG, PNG or WEBP, up to 10MB.');
    expect(uploadHintOf({ mode: 'image', allowedTypes: ['image/png', 'image/webp'] })).toBe('PNG, WEBP, up to 10MB.');
    expect(uploadHintOf({ mode: 'document' })).toBe('PDF, DOCX or JSON, up to 10MB.');
  });
});
