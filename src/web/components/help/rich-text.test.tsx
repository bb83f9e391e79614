import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '@shared/markdown';
import { RichText, sanitizeRichText } from '@web/components/help/rich-text';

describe('RichText', () => {
  it('keeps everything the Markdown renderer produces', () => {
    const html = renderMarkdown('# Hi\n\n- **one** and ~~two~~\n\n3. [docs](https://vitae.health/help) and `code`\n\n> quote\n\n---');
    const { container } = render(<RichText html={html} />);
    expect(container.querySelector('h3')!.textContent).toBe('Hi');
    expect(container.querySelector('del')!.textContent).toBe('two');
    expect(container.querySelector('ol')!.getAttribute('start')).toBe('3');
    const link = container.querySelector('a')!;
    expect([link.getAttribute('href'), link.getAttribute('rel'), link.getAttribute('target')]).toEqual([
      'https://vitae.health/help',
      'noopener noreferrer',
      '_blank',
    ]);
  });

  it('removes markup the renderer never produces, should any reach the page', () => {
    const dirty =
      '<p onclick="steal()">Hi<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe><span style="color:red">s</span></p>';
    const clean = sanitizeRichText(dirty);
    expect(clean).toBe('<p>Hi<a>x</a>s</p>');
  });
});
