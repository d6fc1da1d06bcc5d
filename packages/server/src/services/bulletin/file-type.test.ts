import { describe, expect, it } from 'vitest';
import { demoPdf, demoPng } from '../../cli/seed/demo-files.js';
import { contentDisposition } from '../../http/api/bulletin/file.route.js';
import { checkFile, checkFileName, nameByType, sniff } from './file-type.js';

const bytes = (s: string) => Buffer.from(s, 'latin1');

describe('bulletin file types, by content', () => {
  it('recognises PNG, JPEG, GIF, WebP and PDF by their first bytes, whatever the name', () => {
    expect(sniff(demoPng(2, 2, [[0, 0, 0]]))).toBe('image/png');
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniff(bytes('GIF89a\x01\x00'))).toBe('image/gif');
    expect(sniff(bytes('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    expect(sniff(demoPdf('t', []))).toBe('application/pdf');
    expect(sniff(bytes('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeUndefined();
    expect(sniff(bytes('<svg/>'))).toBeUndefined();
    expect(checkFile('no-extension', demoPng(2, 2, [[0, 0, 0]]), 'image')).toBe('image/png');
  });

  it('refuses SVG even inside a valid image name, and a PNG named .svg', () => {
    expect(() => checkFile('a.png', Buffer.from('\uFEFF  <svg onload="x"></svg>', 'utf8'), 'document')).toThrow(/SVG/);
    expect(() => checkFile('a.svg', demoPng(2, 2, [[0, 0, 0]]), 'document')).toThrow(/SVG is refused/);
  });

  it('keeps file names plain', () => {
    expect(checkFileName('/tmp/dir/poster.png')).toBe('poster.png');
    expect(checkFileName('海报 1.png')).toBe('海报 1.png');
    expect(() => checkFileName('a\r\nb.png')).toThrow(/plain name/);
    expect(() => checkFileName('x'.repeat(201))).toThrow(/plain name/);
  });

  it('writes Content-Disposition with an ASCII fallback and the RFC 5987 name, never breaking the header', () => {
    expect(contentDisposition('inline', 'a.pdf')).toBe(`inline; filename="a.pdf"; filename*=UTF-8''a.pdf`);
    expect(contentDisposition('attachment', `Año "1" (b)'s.pdf`)).toBe(`attachment; filename="A_o _1_ (b)'s.pdf"; filename*=UTF-8''A%C3%B1o%20%221%22%20%28b%29%27s.pdf`);
  });

  it('names a file by its checked type: an extension that is not the type\'s is replaced, one that is kept', () => {
    expect(nameByType('poster.html', 'image/png')).toBe('poster.png');
    expect(nameByType('x.hta', 'image/gif')).toBe('x.gif');
    expect(nameByType('flyer', 'application/pdf')).toBe('flyer.pdf');
    expect(nameByType('.htaccess', 'image/png')).toBe('.htaccess.png');
    expect(nameByType('Photo.JPEG', 'image/jpeg')).toBe('Photo.JPEG');
    expect(nameByType('evil.svg', 'image/svg+xml')).toBe('evil.bin');
  });
});
