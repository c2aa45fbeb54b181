/**
 * Every shipped page config can work: each action's right exists, a list page's List right has a
 * list, and a map page's GetMap right opens a map list (whose address then names the record:
 * `{route}/{id}`). A config that could only fail on screen fails here instead.
 */
import { describe, expect, it } from 'vitest';
import { allRights } from './areas.ts';
import { ENTITIES } from './entities/index.ts';
import { entityRight } from './entity-spec.ts';
import { MAP_LISTS } from './map-lists.ts';
import { PAGE_CONFIGS } from './page-configs.ts';

const RIGHTS = new Set(allRights());
const LIST_RIGHTS = new Set(ENTITIES.map((e) => entityRight(e, 'List')));
const MAP_RIGHTS = new Set(MAP_LISTS.map((l) => l.right));
const TOOL_RIGHTS = ['ViewRoadmapTool'];

describe('shipped page configs', () => {
  it.each(PAGE_CONFIGS.map((c) => [c.route, c] as const))('%s can work', (_route, config) => {
    expect(config.route).toMatch(/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/);
    for (const action of config.actions) {
      expect(RIGHTS.has(action.rightName) || TOOL_RIGHTS.includes(action.rightName), action.rightName).toBe(
        true,
      );
    }
    const rightOf = (name: string) => config.actions.find((a) => a.action === name)?.rightName;
    switch (config.pageType.toLowerCase()) {
      case 'list':
        expect(LIST_RIGHTS.has(rightOf('List') ?? ''), 'a list page needs a List right with a list').toBe(
          true,
        );
        break;
      case 'map':
        expect(
          MAP_RIGHTS.has(rightOf('GetMap') ?? ''),
          'a map page needs the GetMap right of a map list',
        ).toBe(true);
        break;
      default:
        break;
    }
  });
});
