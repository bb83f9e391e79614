import { markdownParser } from '../../shared/markdown';

/**
 * Plain text from Markdown that outside services send in text fields (ClinicalTrials.gov v2 writes
 * `briefSummary` and `detailedDescription` as Markdown: `\>175`, `* ` bullets, blank-line paragraphs).
 * We store what a reader sees, not the Markdown source: escapes resolved, emphasis dropped, paragraphs
 * kept as blank lines, list items as "• " or "1. " lines. Parsed by the same markdown-it the help
 * answers are rendered with (CommonMark, raw HTML off), so the text is what that renderer would show.
 */

type Token = ReturnType<ReturnType<typeof markdownParser>['parse']>[number];

function inlineText(children: Token[]): string {
  let text = '';
  for (const child of children) {
    if (child.type === 'text' || child.type === 'code_inline') text += child.content;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') text += '\n';
    else if (child.type === 'image') text += child.content;
  }
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .trim();
}

export function markdownToText(source: string): string {
  const blocks: Array<{ text: string; list: number | null }> = [];
  const lists: Array<{ ordered: boolean; next: number }> = [];
  let itemPrefix: string | null = null;
  // Each outermost list is one group: its lines are kept together, apart from what follows.
  let group = 0;
  for (const token of markdownParser().parse(source, {})) {
    switch (token.type) {
      case 'bullet_list_open':
      case 'ordered_list_open':
        if (lists.length === 0) group += 1;
        lists.push({ ordered: token.type === 'ordered_list_open', next: Number(token.attrGet('start') ?? 1) });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'list_item_open': {
        const list = lists.at(-1)!;
        itemPrefix = '  '.repeat(lists.length - 1) + (list.ordered ? `${list.next++}. ` : '• ');
        break;
      }
      case 'inline':
      case 'code_block':
      case 'fence': {
        const text = token.type === 'inline' ? inlineText(token.children ?? []) : token.content.replace(/\n+$/, '');
        if (!text.trim()) break;
        if (itemPrefix !== null) {
          blocks.push({ text: itemPrefix + text, list: group });
          itemPrefix = null;
        } else {
          blocks.push({ text: lists.length > 0 ? '  '.repeat(lists.length) + text : text, list: lists.length > 0 ? group : null });
        }
        break;
      }
    }
  }
  return blocks.map((block, index) => (index === 0 ? '' : block.list !== null && block.list === blocks[index - 1]!.list ? '\n' : '\n\n') + block.text).join('');
}
