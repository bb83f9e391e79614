import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { checkBrandFile, cleanFileName, contentDisposition, sniffBrandFile } from './file-types';

const enc = (text: string) => new TextEncoder().encode(text);
const join = (...parts: Array<Uint8Array | number[]>) => Uint8Array.from(parts.flatMap((part) => [...part]));

const SAMPLE_FILES = {
  pdf: enc('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
  png: join([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], enc('\0\0\0\rIHDR')),
  jpeg: join([0xff, 0xd8, 0xff, 0xe0], enc('\0\x10JFIF\0')),
  webp: join(enc('RIFF'), [0x1a, 0, 0, 0], enc('WEBPVP8 ')),
  docx: join([0x50, 0x4b, 0x03, 0x04], enc('\x14\0\0\0[Content_Types].xml....PK\x03\x04word/document.xml....')),
  docm: join([0x50, 0x4b, 0x03, 0x04], enc('[Content_Types].xml word/document.xml word/vbaProject.bin')),
  zip: join([0x50, 0x4b, 0x03, 0x04], enc('notes.txt')),
  svg: enc('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  xmlSvg: enc('\uFEFF  <?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
};

const check = (fileName: string, declaredType: string, bytes: Uint8Array, limitBytes = 1_000_000) => {
  try {
    return checkBrandFile({ fileName, declaredType, bytes, limitBytes });
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
};

describe('brand file checks', () => {
  it('recognises each allowed kind by its bytes', () => {
    expect(sniffBrandFile(SAMPLE_FILES.pdf)).toBe('pdf');
    expect(sniffBrandFile(SAMPLE_FILES.png)).toBe('png');
    expect(sniffBrandFile(SAMPLE_FILES.jpeg)).toBe('jpeg');
    expect(sniffBrandFile(SAMPLE_FILES.webp)).toBe('webp');
    expect(sniffBrandFile(SAMPLE_FILES.docx)).toBe('docx');
    expect(sniffBrandFile(SAMPLE_FILES.docm)).toBeNull();
    expect(sniffBrandFile(SAMPLE_FILES.zip)).toBeNull();
    expect(sniffBrandFile(SAMPLE_FILES.svg)).toBe('svg');
    expect(sniffBrandFile(SAMPLE_FILES.xmlSvg)).toBe('svg');
    expect(sniffBrandFile(enc('hello'))).toBeNull();
  });

  it('accepts a file whose name, declared type and bytes agree', () => {
    expect(check('guide.pdf', 'application/pdf', SAMPLE_FILES.pdf)).toMatchObject({ kind: 'pdf', mimeType: 'application/pdf' });
    expect(check('Logo.JPG', 'image/jpg', SAMPLE_FILES.jpeg)).toMatchObject({ kind: 'jpeg' });
    expect(check('logo.jpeg', '', SAMPLE_FILES.jpeg)).toMatchObject({ kind: 'jpeg' });
    expect(check('style.docx', 'application/octet-stream', SAMPLE_FILES.docx)).toMatchObject({ kind: 'docx' });
    expect(check('hero.webp', 'image/webp', SAMPLE_FILES.webp)).toMatchObject({ kind: 'webp' });
  });

  it('refuses disguised, unsupported, scriptable, empty and oversized files with clear messages', () => {
    expect(check('guide.pdf', 'application/pdf', SAMPLE_FILES.png)).toEqual({
      status: 415,
      message: '"guide.pdf" does not contain a PDF file; its contents do not match its name or type.',
    });
    expect(check('guide.pdf', 'image/png', SAMPLE_FILES.pdf)).toMatchObject({ status: 415 });
    expect(check('macro.docx', '', SAMPLE_FILES.docm)).toMatchObject({ status: 415 });
    const svgMessage = 'SVG files are not accepted because they can contain scripts. Upload a PDF, DOCX, PNG, JPEG or WEBP file.';
    expect(check('logo.svg', 'image/svg+xml', SAMPLE_FILES.svg)).toEqual({ status: 415, message: svgMessage });
    expect(check('logo.png', 'image/png', SAMPLE_FILES.xmlSvg)).toEqual({ status: 415, message: svgMessage });
    expect(check('logo.png', 'image/svg+xml', SAMPLE_FILES.png)).toEqual({ status: 415, message: svgMessage });
    expect(check('run.exe', 'application/octet-stream', SAMPLE_FILES.pdf)).toEqual({
      status: 415,
      message: 'This file type is not accepted. Upload a PDF, DOCX, PNG, JPEG or WEBP file.',
    });
    expect(check('noextension', 'application/pdf', SAMPLE_FILES.pdf)).toMatchObject({ status: 415 });
    expect(check('empty.pdf', 'application/pdf', new Uint8Array(0))).toEqual({ status: 400, message: 'The file is empty.' });
    expect(check('big.pdf', 'application/pdf', SAMPLE_FILES.pdf, 10)).toEqual({ status: 413, message: 'The file is too large (at most 1 KB).' });
    expect(check('big.pdf', 'application/pdf', SAMPLE_FILES.pdf, 5)).toMatchObject({ status: 413 });
  });

  it('keeps only a safe last path segment of the name', () => {
    expect(cleanFileName('C:\\fakepath\\Brand Book.pdf')).toBe('Brand Book.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(cleanFileName('   ')).toBe('document');
    const long = cleanFileName(`${'x'.repeat(300)}.docx`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.docx')).toBe(true);
  });

  it('builds an inline Content-Disposition with an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('guide.pdf')).toBe(`inline; filename="guide.pdf"; filename*=UTF-8''guide.pdf`);
    expect(contentDisposition('Charte "graphique" é.pdf')).toBe(
      `inline; filename="Charte _graphique_ _.pdf"; filename*=UTF-8''Charte%20%22graphique%22%20%C3%A9.pdf`,
    );
  });
});
