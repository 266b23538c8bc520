import { describe, expect, it } from 'vitest';
import { detectFileType, normalizeMimeType } from './file-signature.js';

describe('detectFileType', () => {
  it('recognises the accepted types by their bytes', () => {
    expect(detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 1]))).toBe('image/jpeg');
    expect(detectFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(detectFileType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('image/webp');
    expect(detectFileType(Buffer.from('\uFEFF  <svg viewBox="0 0 1 1"/>'))).toBe('image/svg+xml');
    expect(detectFileType(Buffer.from('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg></svg>'))).toBe('image/svg+xml');
    expect(detectFileType(Buffer.from('%PDF-1.4'))).toBe('application/pdf');
    expect(detectFileType(Buffer.from(' [1, 2]'))).toBe('application/json');
  });
  it('refuses look-alikes', () => {
    expect(detectFileType(Buffer.from('RIFF....WAVE'))).toBeNull();
    expect(detectFileType(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('xl/workbook.xml')]))).toBeNull();
    expect(detectFileType(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(detectFileType(Buffer.from('"just a string"'))).toBeNull();
    expect(detectFileType(Buffer.from([0xc3, 0x28, 0x7b]))).toBeNull();
  });
  it('normalises declared types', () => {
    expect(normalizeMimeType('image/JPG')).toBe('image/jpeg');
    expect(normalizeMimeType('application/json; charset=utf-8')).toBe('application/json');
  });
});
