import { describe, expect, it } from 'vitest';
import { frameHeight, toolFrameUrl } from './toolFrameUrl.ts';

describe('toolFrameUrl', () => {
  const config = {
    toolUrls: { roadmap: 'https://roadmap.test/', marketing: '' },
    fallbackToolUrl: 'https://tools.test/',
  };

  it('uses the tool’s own URL, else the fallback', () => {
    expect(toolFrameUrl(config, 'roadmap')).toBe('https://roadmap.test/');
    expect(toolFrameUrl(config, 'marketing')).toBe('https://tools.test/');
    expect(toolFrameUrl(config, 'mongo')).toBe('https://tools.test/');
  });

  it('gives null when neither is set or the address is not http(s)', () => {
    expect(toolFrameUrl({ toolUrls: {}, fallbackToolUrl: '' }, 'roadmap')).toBeNull();
    expect(
      toolFrameUrl({ toolUrls: { roadmap: 'javascript:alert(1)' }, fallbackToolUrl: '' }, 'roadmap'),
    ).toBeNull();
    expect(toolFrameUrl({ toolUrls: { roadmap: 'not a url' }, fallbackToolUrl: '' }, 'roadmap')).toBeNull();
  });
});

describe('frameHeight', () => {
  it('is the parent height less 15 px, never negative', () => {
    expect(frameHeight(600)).toBe(585);
    expect(frameHeight(10)).toBe(0);
  });
});
