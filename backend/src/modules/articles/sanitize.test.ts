import { describe, expect, it } from 'vitest';
import { BLANK_HREF, EXTERNAL_LINK_REL, sanitizeArticleHtml as clean } from './sanitize.ts';
import type { HttpError } from '../../errors.ts';
import { IMAGE_MESSAGES } from '../images/image-limits.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBD';

describe('sanitizeArticleHtml: what the editor produces survives', () => {
  it('keeps headings 1-6, marks, lists, quotes and code blocks', () => {
    const html =
      '<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>' +
      '<p><strong>s</strong><b>b</b><em>e</em><i>i</i><u>u</u><s>x</s><code>c</code><span>sp</span><br></p>' +
      '<ol><li data-list="ordered">one</li></ol><ul><li data-list="bullet">two</li></ul>' +
      '<blockquote>quote</blockquote><pre data-language="javascript">let a = 1;</pre>';
    expect(clean(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('keeps the Quill indent, align and direction classes and drops any other class', () => {
    expect(clean('<p class="ql-indent-1 ql-align-center ql-direction-rtl">x</p>')).toBe(
      '<p class="ql-indent-1 ql-align-center ql-direction-rtl">x</p>',
    );
    expect(clean('<li class="ql-indent-8">x</li>')).toBe('<li class="ql-indent-8">x</li>');
    expect(clean('<p class="ql-indent-9 evil ql-align-right">x</p>')).toBe(
      '<p class="ql-align-right">x</p>',
    );
    expect(clean('<pre class="ql-syntax" spellcheck="false">x</pre>')).toBe(
      '<pre class="ql-syntax" spellcheck="false">x</pre>',
    );
  });

  it('keeps png and jpeg data-URL images', () => {
    expect(clean(`<p><img src="${PNG}" alt="dot"></p>`)).toBe(
      `<p><img src="${PNG}" alt="dot" /></p>`,
    );
    expect(clean(`<img src="${JPEG}">`)).toBe(`<img src="${JPEG}" />`);
  });

  it('keeps links with the allowed protocols; http(s) open apart without an opener', () => {
    expect(clean('<a href="https://example.org/a?b=1&amp;c=2">x</a>')).toBe(
      `<a href="https://example.org/a?b=1&amp;c=2" rel="${EXTERNAL_LINK_REL}" target="_blank">x</a>`,
    );
    expect(clean('<a href="http://example.org" target="_self" rel="opener">x</a>')).toBe(
      `<a href="http://example.org" rel="${EXTERNAL_LINK_REL}" target="_blank">x</a>`,
    );
    for (const href of ['mailto:a@example.org', 'tel:+15551234', 'sms:+15551234']) {
      expect(clean(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`);
    }
  });

  it('turns Quill non-breaking spaces into ordinary ones (pitfall: no wrapping, no search)', () => {
    expect(clean('<p>the&nbsp;quick&nbsp;brown&nbsp;fox</p>')).toBe('<p>the quick brown fox</p>');
    expect(clean('<p>a\u00a0b</p>')).toBe('<p>a b</p>');
    expect(clean('<pre>a&nbsp;&nbsp;b</pre>')).toBe('<pre>a  b</pre>');
  });

  it('keeps escaped text escaped', () => {
    expect(clean('<p>1 &lt; 2 &amp; &lt;script&gt;</p>')).toBe(
      '<p>1 &lt; 2 &amp; &lt;script&gt;</p>',
    );
  });
});

describe('sanitizeArticleHtml: XSS payloads are removed', () => {
  it('drops scripts with their content', () => {
    expect(clean('<p>ok</p><script>alert(1)</script>')).toBe('<p>ok</p>');
    expect(clean('<SCRIPT SRC=//evil.example/x.js></SCRIPT><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('drops event handlers and style attributes', () => {
    expect(clean('<p onclick="alert(1)" style="color:red" onmouseover="x()">t</p>')).toBe(
      '<p>t</p>',
    );
    expect(clean(`<img src="${PNG}" onerror="alert(1)" onload="x()">`)).toBe(
      `<img src="${PNG}" />`,
    );
  });

  it('drops images that are neither pasted pictures nor our own files', () => {
    expect(clean('<img src=x onerror=alert(1)>')).toBe('');
    expect(clean('<img src="https://tracker.example/p.png">')).toBe('');
    expect(clean('<img src="javascript:alert(1)">')).toBe('');
  });

  it('refuses, never drops, a pasted picture that is not a base64 PNG or JPEG, naming it by its place', () => {
    const refusal = (html: string) => {
      try {
        clean(html);
      } catch (error) {
        return { status: (error as HttpError).status, message: (error as HttpError).message };
      }
      return null;
    };
    expect(refusal('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">')).toEqual({ status: 400, message: IMAGE_MESSAGES.notTaken(1, 'image/gif') });
    expect(refusal(`<img src="${PNG}"><img src="https://x.example/a.png"><img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">`)).toEqual({
      status: 400,
      message: IMAGE_MESSAGES.notTaken(2, 'image/svg+xml'),
    });
    expect(refusal('<p><img src=" DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></p>')?.message).toBe(IMAGE_MESSAGES.notTaken(1, 'text/html'));
    expect(refusal('<img src="data:image/jpeg,raw">')?.message).toBe(IMAGE_MESSAGES.notImage(1));
  });

  it("keeps the server's own stored-image markup, and only with the server's own image addresses", () => {
    const u = (w: number, ext: string) => `/api/images/${'a1'.repeat(16)}-${w}.${ext}`;
    const picture =
      `<picture><source type="image/webp" srcset="${u(640, 'webp')} 640w, ${u(1600, 'webp')} 1600w" sizes="100vw" />` +
      `<img src="${u(1600, 'jpg')}" srcset="${u(640, 'jpg')} 640w, ${u(1600, 'jpg')} 1600w" sizes="100vw" width="1600" height="1200" alt="x" loading="lazy" decoding="async" /></picture>`;
    expect(clean(picture)).toBe(picture);
    // Another site's address anywhere in it: that element goes.
    expect(clean(`<img src="${u(1600, 'jpg')}" srcset="https://tracker.example/p.jpg 640w">`)).toBe('');
    expect(clean(`<img src="/api/images/../admin/x.jpg">`)).toBe('');
    expect(clean(`<img src="//tracker.example${u(1600, 'jpg')}">`)).toBe('');
    expect(clean(`<picture><source type="image/webp" srcset="https://tracker.example/p.webp 1x" /></picture>`)).toBe('<picture></picture>');
    expect(clean(`<source type="text/html" srcset="${u(640, 'webp')} 640w" />`)).toBe('');
    // A data URL is stored on save; it carries no srcset of its own.
    expect(clean(`<img src="${PNG}" srcset="${u(640, 'jpg')} 640w">`)).toBe('');
  });

  it('turns javascript:, data: and other links into about:blank, however disguised', () => {
    const payloads = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      ' javascript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'about:srcdoc',
      '/relative/path',
      '//evil.example',
    ];
    for (const href of payloads) {
      expect(clean(`<a href="${href}">x</a>`), href).toBe(`<a href="${BLANK_HREF}">x</a>`);
    }
  });

  it('drops svg, math, iframes, objects, forms and style sheets', () => {
    expect(
      clean('<svg onload="alert(1)"><script>alert(1)</script><text>t</text></svg><p>ok</p>'),
    ).toBe('<p>ok</p>');
    expect(clean('<iframe src="https://evil.example">x</iframe><p>ok</p>')).toBe('<p>ok</p>');
    expect(clean('<iframe srcdoc="<script>alert(1)</script>"></iframe>')).toBe('');
    expect(clean('<object data="x.swf"></object><embed src="x.swf">')).toBe('');
    expect(clean('<style>body{display:none}</style><p>ok</p>')).toBe('<p>ok</p>');
    expect(
      clean('<form action="https://evil.example"><input name="p"><button>go</button></form>'),
    ).toBe('go');
    expect(clean('<math><mtext><script>alert(1)</script></mtext></math>')).toBe('');
  });

  it('does not let a broken tag smuggle markup through', () => {
    const out = clean(
      '<p><a href="javascript:alert(1)"<img src=x onerror=alert(1)>>x</a></p><<script>alert(1)//<</script>',
    );
    expect(out).not.toMatch(/<script|onerror|javascript:/i);
  });
});
