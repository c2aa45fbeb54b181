import { describe, expect, it } from 'vitest';
import { parseMenuResponse } from './menuQueries.ts';

describe('parseMenuResponse', () => {
  it('reads the tree from the JSON text in content', () => {
    const tree = [
      {
        id: 1,
        name: 'Content',
        submenu: [{ id: 2, name: 'Pages', linkTo: '/page/list', right: 'BMTools/Page/List' }],
      },
    ];
    expect(parseMenuResponse({ id: 1, name: 'main', content: JSON.stringify(tree) })).toEqual(tree);
  });

  it('rejects content that is not a menu', () => {
    expect(() => parseMenuResponse({ id: 1, name: 'main', content: '{oops' })).toThrow();
    expect(() => parseMenuResponse({ id: 1, name: 'main', content: '[{"id":1}]' })).toThrow();
  });
});
